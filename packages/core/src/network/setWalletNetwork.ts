import type { Portico } from '../portico.js'
import { findNetwork, toCaipAddress, toCaipNetworkId } from './caip.js'
import type { ChainNamespace } from './types.js'

/**
 * Records the network the wallet reports. A listed network becomes active; any other is marked
 * unsupported and the last listed network stays the active one.
 */
export function setWalletNetwork(
  portico: Portico,
  namespace: ChainNamespace,
  reference: number | string,
): void {
  const { state, internal } = portico
  const chain = state.chains[namespace]
  if (!chain) return
  const network = findNetwork(state.networks, namespace, reference)
  if (!network) {
    chain.networkState.unsupportedCaipNetworkId = toCaipNetworkId(namespace, reference)
    const active = chain.networkState.caipNetwork
    if (chain.accountState.address && !chain.accountState.caipAddress && active)
      chain.accountState.caipAddress = toCaipAddress(active.caipNetworkId, chain.accountState.address)
    return
  }
  chain.networkState.unsupportedCaipNetworkId = undefined
  chain.networkState.caipNetwork = network
  const address = chain.accountState.address
  if (address) {
    chain.accountState.caipAddress = toCaipAddress(network.caipNetworkId, address)
    const adapter = internal.adapters.get(namespace)
    chain.accountState.addressExplorerUrl = adapter?.getAddressExplorerUrl?.({ address, network })
  }
  if (state.modal.activeChain === namespace) {
    state.modal.selectedNetworkId = network.caipNetworkId
    internal.storage.set('activeCaipNetworkId', network.caipNetworkId)
    internal.storage.set('lastUsedChainId', network.caipNetworkId)
  }
}
