import { closeModal } from '../../modal/closeModal.js'
import { goBack } from '../../modal/goBack.js'
import { navigate } from '../../modal/navigate.js'
import { openModal } from '../../modal/openModal.js'
import type { Portico } from '../../portico.js'
import { approvalsWaiting } from '../rejectEmbeddedApprovals.js'

/**
 * Shows the ApproveTransaction view (SPEC §2) while the embedded wallet waits for the visitor to
 * approve a request in its frame: the modal opens on it when closed, or the view is pushed on the
 * current one; when the request is answered the modal returns to where it was. Returns the
 * unsubscribe.
 */
export function watchEmbeddedApprovals(portico: Portico): () => void {
  const wallet = portico.config.embeddedWallet
  if (!wallet?.onApprovalChange) return () => {}
  const { state } = portico
  let openedModal = false
  return wallet.onApprovalChange((waiting) => {
    const showing = state.modal.open && state.router.route.view === 'ApproveTransaction'
    if (waiting) approvalsWaiting.add(portico)
    else approvalsWaiting.delete(portico)
    if (waiting) {
      if (showing) return
      wallet.syncTheme?.({
        themeMode: state.theme.themeMode,
        themeVariables: { ...state.theme.themeVariables },
      })
      openedModal = !state.modal.open
      if (openedModal) openModal(portico, { route: { view: 'ApproveTransaction' } })
      else navigate(portico, { view: 'ApproveTransaction' })
      return
    }
    if (!showing) return
    if (openedModal) closeModal(portico)
    else goBack(portico)
    openedModal = false
  })
}
