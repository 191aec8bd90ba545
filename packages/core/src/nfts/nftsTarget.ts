import { hasApiServer } from '../api/client.js'
import { toCaipAddress } from '../network/caip.js'
import type { CaipAddress, Network } from '../network/types.js'
import type { Portico } from '../portico.js'

/**
 * The connected EVM account whose NFTs the tab shows, or undefined when the tab is not offered: a
 * Portico server keeps NFTs (eip155 chains only, SPEC §2 Account tabs) and has not refused the
 * network (nor its balances or history). In core's main entry (the tabs read it); the NFTs code itself loads with the tab.
 */
export function getNftsTarget(
  portico: Portico,
): { address: string; network: Network; caipAddress: CaipAddress } | undefined {
  const { state } = portico
  if (state.modal.activeChain !== 'eip155' || !hasApiServer(portico)) return undefined
  const chain = state.chains.eip155
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (
    !chain ||
    !address ||
    !network ||
    chain.accountState.status !== 'connected' ||
    chain.networkState.unsupportedCaipNetworkId ||
    state.nfts?.notServed.includes(network.caipNetworkId) ||
    // The server refused the network's balances or history: it keeps nothing for it.
    portico.internal.services?.notServed.portfolio.has(network.caipNetworkId) ||
    portico.internal.services?.notServed.activity.has(network.caipNetworkId)
  )
    return undefined
  return { address, network, caipAddress: toCaipAddress(network.caipNetworkId, address) }
}
