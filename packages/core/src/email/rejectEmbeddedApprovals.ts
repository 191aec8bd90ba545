import type { Portico } from '../portico.js'

/** Instances whose embedded wallet has a request waiting for approval right now. */
export const approvalsWaiting: WeakSet<Portico> = new WeakSet()

/**
 * Rejects the embedded wallet's waiting requests when the view that shows them goes away: the
 * approvals of ApproveTransaction, or the e-mail change whose codes UpdateEmailVerify's frame asks for.
 */
export function rejectEmbeddedApprovals(portico: Portico): void {
  if (portico.state.router.route.view === 'UpdateEmailVerify') {
    portico.config.embeddedWallet?.rejectApprovals?.()
    return
  }
  if (!approvalsWaiting.has(portico) || portico.state.router.route.view !== 'ApproveTransaction') return
  approvalsWaiting.delete(portico)
  portico.config.embeddedWallet?.rejectApprovals?.()
}
