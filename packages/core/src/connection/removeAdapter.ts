import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { cancelReconnect } from './cancelReconnect.js'
import { clearConnection } from './clearConnection.js'

/**
 * Removes a namespace's adapter at runtime. When it was the active one, the first network of
 * another namespace becomes active (SPEC §4).
 */
export function removeAdapter(portico: Portico, parameters: { namespace: ChainNamespace }): void {
  const { state, internal } = portico
  const { namespace } = parameters
  const adapter = internal.adapters.get(namespace)
  if (!adapter) return
  cancelReconnect(portico, { namespaces: [namespace] })
  if (state.chains[namespace]?.accountState.status === 'connected') clearConnection(portico, namespace)
  adapter.destroy()
  internal.adapters.delete(namespace)
  delete state.connectors.byNamespace[namespace]
  if (state.modal.activeChain !== namespace) return
  const next = state.networks.find(
    (network) => network.namespace !== namespace && internal.adapters.has(network.namespace),
  )
  state.modal.activeChain = next?.namespace
  state.modal.selectedNetworkId = next?.caipNetworkId
}
