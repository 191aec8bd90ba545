import type { Portico } from '../portico.js'
import { getDefaultRoute } from './getDefaultRoute.js'
import { shakeModal } from './shakeModal.js'
import { abandon, CLOSE_ABANDONS } from './subViews.js'

/** SPEC §2: the sign-in view cannot be closed while sign-in is required and no session exists. */
export function isSiwxCloseRefused(portico: Portico): boolean {
  const { state, config } = portico
  return (
    config.siwx?.required === true &&
    state.router.route.view === 'SIWXSignMessage' &&
    state.siwx.status !== 'signedIn' &&
    state.siwx.status !== 'idle'
  )
}

/**
 * Closes the modal and abandons a connection attempt in progress. In embedded mode the modal
 * stays in the page and returns to Account or Connect instead (SPEC §2). While sign-in is required
 * and missing, the sign-in view refuses to close and shakes instead.
 */
export function closeModal(portico: Portico): void {
  const { state } = portico
  if (isSiwxCloseRefused(portico)) {
    shakeModal(portico)
    return
  }
  abandon(portico, CLOSE_ABANDONS)
  portico.internal.closeAfterConnect = undefined
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
