import type { Portico } from '../portico.js'

/** Instances whose embedded wallet has a request waiting for approval right now. */
export const approvalsWaiting: WeakSet<Portico> = new WeakSet()

/** Rejects the embedded wallet's waiting requests when the view that shows them goes away. */
export function rejectEmbeddedApprovals(portico: Portico): void {
  if (!approvalsWaiting.has(portico) || portico.state.router.route.view !== 'ApproveTransaction') return
  approvalsWaiting.delete(portico)
  portico.config.embeddedWallet?.rejectApprovals?.()
}
