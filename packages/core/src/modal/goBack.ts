import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { abandon, BACK_ABANDONS } from './subViews.js'

/**
 * Returns to the previous view, abandoning what the view left had started (`BACK_ABANDONS`). Going
 * back from the first view closes the modal, and so does going back while UnsupportedChain is in
 * history (SPEC §2).
 */
export function goBack(portico: Portico): void {
  const { router } = portico.state
  abandon(portico, BACK_ABANDONS[router.route.view])
  const previous = router.history.at(-1)
  if (!previous || router.history.some((route) => route.view === 'UnsupportedChain')) {
    closeModal(portico)
    return
  }
  router.history.pop()
  router.route = previous
  // Leaving the account picker shown right after connecting (picked, or kept the first) ends the
  // connection: the modal closes as after any other (closeAfterConnecting; unset otherwise).
  portico.internal.closeAfterConnect?.(portico)
}
