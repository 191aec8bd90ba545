import type { Portico } from '../portico.js'
import { createChainState } from './createChainState.js'
import type { Network } from './types.js'

/** Adds a network to the site's list at runtime. */
export function addNetwork(portico: Portico, parameters: { network: Network }): void {
  const { state } = portico
  const { network } = parameters
  if (state.networks.some((candidate) => candidate.caipNetworkId === network.caipNetworkId)) return
  state.networks.push(network)
  if (!state.chains[network.namespace])
    state.chains[network.namespace] = createChainState(network.namespace, network)
}
