import { initialize } from '../initialize.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { getDefaultRoute } from './getDefaultRoute.js'
import type { Route } from './routes.js'

export type OpenModalParameters = {
  /** Opens this view instead of the default one (SPEC §2: a caller may override the view). */
  route?: Route
  /** Opens on this namespace (SPEC §2: a caller may override the namespace). */
  namespace?: ChainNamespace
}

/**
 * Opens the modal on Account when connected, else on Connect (SPEC §2).
 *
 * @example
 * openModal(portico)
 * openModal(portico, { route: { view: 'Networks' } })
 */
export function openModal(portico: Portico, parameters: OpenModalParameters = {}): void {
  // The wallets it lists and the state it opens on come from the start: it runs now if the page
  // has not been idle yet.
  void initialize(portico)
  const { state } = portico
  if (parameters.namespace && state.chains[parameters.namespace]) {
    state.modal.activeChain = parameters.namespace
    const network = state.chains[parameters.namespace]?.networkState.caipNetwork
    if (network) state.modal.selectedNetworkId = network.caipNetworkId
  }
  state.router.route = parameters.route ?? getDefaultRoute(portico, parameters.namespace)
  state.router.history = []
  // The visitor (or the site) opened it: a connection made before no longer closes it.
  portico.internal.closeAfterConnect = undefined
  if (!state.modal.open) {
    state.modal.open = true
    portico.internal.modalOpenedAt = Date.now()
    portico.internal.track({
      type: 'track',
      event: 'MODAL_OPEN',
      properties: { connected: state.connection.status === 'connected' },
    })
  }
}
