import { goBack } from '../../modal/goBack.js'
import type { Portico } from '../../portico.js'
import { stopWaitingForSend } from './stopWaitingForSend.js'

export type CancelSendReturnType = undefined

/**
 * The review's Cancel button: returns to the form, and stops waiting for the wallet on a send the
 * visitor walks away from, so the form can be used again at once instead of after the wallet's
 * prompt timeout. The wallet may still show the request: if it sends after all, the transaction
 * is still listed as pending and 'Transaction started' shows, but the form and the view are left
 * alone.
 *
 * @example
 * <button onClick={() => cancelSend(portico)}>Cancel</button>
 */
export function cancelSend(portico: Portico): CancelSendReturnType {
  stopWaitingForSend(portico)
  if (portico.state.router.route.view === 'WalletSendPreview') goBack(portico)
}
