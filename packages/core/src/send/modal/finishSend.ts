import { replaceRoute } from '../../modal/replaceRoute.js'
import type { Portico } from '../../portico.js'

export type FinishSendReturnType = undefined

/**
 * Done on `WalletSendConfirmed`: back to Account, with the send views dropped from history so
 * going back does not return to a form already sent.
 *
 * @example
 * <button onClick={() => finishSend(portico)}>Done</button>
 */
export function finishSend(portico: Portico): FinishSendReturnType {
  replaceRoute(portico, { view: 'Account', resetHistory: true })
}
