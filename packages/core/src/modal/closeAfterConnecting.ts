import type { Portico } from '../portico.js'
import { getSiwxAccount } from '../siwx/siwxAccount.js'
import { closeModal } from './closeModal.js'

/**
 * After a connection made in the modal (`showConnected` sets `closeAfterConnect`), closes the modal
 * once there is nothing left to do in it: the visitor came to use the site, as with AppKit,
 * RainbowKit or ConnectKit. Not yet while a sign-in check or request for the account is on its way
 * (its end closes it: `signedIn`, or the sign-in view's own Sign and Cancel), nor while
 * UnsupportedChain or the account picker is shown. Embedded mode and `keepOpenAfterConnect` never
 * set the flag: Account stays on view.
 */
export function closeAfterConnecting(portico: Portico): void {
  const { state, internal, config } = portico
  if (!internal.closeAfterConnect) return
  if (!state.modal.open) {
    internal.closeAfterConnect = undefined
    return
  }
  if (state.router.route.view !== 'Account') return
  const account = config.siwx ? getSiwxAccount(portico) : undefined
  // An account sign-in applies to is done once it has a session.
  if (account !== undefined && (state.siwx.caipAddress !== account || state.siwx.status !== 'signedIn'))
    return
  closeModal(portico)
}

/**
 * Called by `showConnected`: marks the connection just made in the modal as one that closes it
 * when done, unless the modal lives in the page (embedded) or the site keeps it open. The rule
 * itself is what is kept, so the page's first load (which runs it on later events) carries none of it.
 */
export function markCloseAfterConnect(portico: Portico): void {
  const { options, internal } = portico
  internal.closeAfterConnect =
    !options.enableEmbedded && !options.keepOpenAfterConnect ? closeAfterConnecting : undefined
}
