import {
  getSend,
  getSendMax,
  getSendValidation,
  type SendInfo,
  type SendValidation,
  watchSend,
  watchSendMax,
  watchSendValidation,
} from '@portico/core'
import { usePorticoRead } from '../hooks/usePorticoRead.js'

// Here rather than in hooks/: only the send views read these, and a page that only connects
// should not download the send form's selectors (hooks/ ships with the modal's shell).

/** The send form and what it is read against: tokens, network, fee. */
export const useSend = (): SendInfo => usePorticoRead(getSend, watchSend)

/** The first problem of the send form, and whether it goes to the account itself. */
export const useSendValidation = (): SendValidation => usePorticoRead(getSendValidation, watchSendValidation)

/** The most the form can send, exact, or undefined before it is known. */
export const useSendMax = (): string | undefined => usePorticoRead(getSendMax, watchSendMax)
