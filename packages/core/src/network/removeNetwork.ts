import type { Portico } from '../portico.js'
import { setWalletNetwork } from './setWalletNetwork.js'
import type { CaipNetworkId } from './types.js'

/**
 * Removes a network from the site's list. When it was active, the first remaining network of
 * that namespace becomes active (SPEC §4).
 */
export function removeNetwork(portico: Portico, parameters: { networkId: CaipNetworkId }): void {
  const { state } = portico
  const index = state.networks.findIndex((network) => network.caipNetworkId === parameters.networkId)
  const removed = state.networks[index]
  if (!removed) return
  state.networks.splice(index, 1)
  const chain = state.chains[removed.namespace]
  if (chain?.networkState.caipNetwork?.caipNetworkId !== removed.caipNetworkId) return
  const next = state.networks.find((network) => network.namespace === removed.namespace)
  chain.networkState.caipNetwork = next
  if (next) setWalletNetwork(portico, removed.namespace, next.id)
}
