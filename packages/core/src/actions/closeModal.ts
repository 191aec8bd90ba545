import type { Portico } from '../portico.js'
import { cancelConnect } from './cancelConnect.js'
import { getDefaultRoute } from './getDefaultRoute.js'

/**
 * Closes the modal and abandons a connection attempt in progress. In embedded mode the modal
 * stays in the page and returns to Account or Connect instead (SPEC §2).
 */
export function closeModal(portico: Portico): void {
  const { state } = portico
  // Only an attempt the visitor started is abandoned; restoring stored connections goes on.
  if (state.connection.connectingConnectorId !== undefined) cancelConnect(portico)
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
