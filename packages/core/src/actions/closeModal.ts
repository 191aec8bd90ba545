import type { Portico } from '../portico.js'
import { cancelConnect } from './cancelConnect.js'
import { getDefaultRoute } from './getDefaultRoute.js'

/**
 * Closes the modal and abandons a connection attempt in progress. In embedded mode the modal
 * stays in the page and returns to Account or Connect instead (SPEC §2).
 */
export function closeModal(portico: Portico): void {
  const { state } = portico
  if (state.connection.status === 'connecting') cancelConnect(portico)
  state.router.history = []
  if (portico.options.enableEmbedded) {
    state.router.route = getDefaultRoute(portico)
    return
  }
  state.router.route = getDefaultRoute(portico)
  if (state.modal.open) {
    state.modal.open = false
    portico.internal.track({
      type: 'track',
      event: 'MODAL_CLOSE',
      properties: { connected: state.connection.status === 'connected' },
    })
  }
}
