import { navigate } from '../../modal/navigate.js'
import type { Portico } from '../../portico.js'
import { getSendValidation, type SendProblem } from '../send.js'

export type ReviewSendReturnType = { problem: SendProblem | undefined }

/**
 * The form's primary button: moves on to the review (`WalletSendPreview`) when the form can be
 * sent; otherwise stays, and returns the problem the button names (SPEC §5 Sending).
 *
 * @example
 * <form onSubmit={(event) => { event.preventDefault(); reviewSend(portico) }}>
 */
export function reviewSend(portico: Portico): ReviewSendReturnType {
  const { problem } = getSendValidation(portico)
  if (!problem && portico.state.router.route.view === 'WalletSend')
    navigate(portico, { view: 'WalletSendPreview' })
  return { problem }
}
