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
import { usePorticoRead } from './usePorticoRead.js'

/** The send form and what it is read against: tokens, network, fee. */
export const useSend = (): SendInfo => usePorticoRead(getSend, watchSend)

/** The first problem of the send form, and whether it goes to the account itself. */
export const useSendValidation = (): SendValidation => usePorticoRead(getSendValidation, watchSendValidation)

/** The most the form can send, exact, or undefined before it is known. */
export const useSendMax = (): string | undefined => usePorticoRead(getSendMax, watchSendMax)
