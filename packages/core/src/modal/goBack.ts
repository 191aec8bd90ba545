import { cancelConnect } from '../connection/cancelConnect.js'
import { rejectEmbeddedApprovals } from '../email/rejectEmbeddedApprovals.js'
import { resetEmailLogin } from '../email/submitEmailOtp.js'
import type { Portico } from '../portico.js'
import { cancelWalletConnect } from '../walletConnect/connectWalletConnect.js'
import { closeModal } from './closeModal.js'

/**
 * Returns to the previous view. Going back from the first view closes the modal, and so does
 * going back while UnsupportedChain is in history (SPEC §2).
 */
export function goBack(portico: Portico): void {
  const { router } = portico.state
  if (router.route.view === 'ConnectingExternal') cancelConnect(portico)
  if (router.route.view === 'ConnectingWalletConnectBasic') cancelWalletConnect(portico)
  rejectEmbeddedApprovals(portico)
  if (/^(EmailVerify|UpdateEmail)/.test(router.route.view)) resetEmailLogin(portico)
  const previous = router.history.at(-1)
  if (!previous || router.history.some((route) => route.view === 'UnsupportedChain')) {
    closeModal(portico)
    return
  }
  router.history.pop()
  router.route = previous
}
