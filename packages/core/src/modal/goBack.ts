import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { abandon, SUB_VIEWS } from './subViews.js'

/**
 * Returns to the previous view, abandoning what the view left had started (`SUB_VIEWS`). Going
 * back from the first view closes the modal, and so does going back while UnsupportedChain is in
 * history (SPEC §2).
 */
export function goBack(portico: Portico): void {
  const { router } = portico.state
  abandon(portico, SUB_VIEWS[router.route.view]?.back ?? [])
  const previous = router.history.at(-1)
  if (!previous || router.history.some((route) => route.view === 'UnsupportedChain')) {
    closeModal(portico)
    return
  }
  router.history.pop()
  router.route = previous
}
