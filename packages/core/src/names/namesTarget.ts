import { hasApiServer } from '../api/client.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { AccountNamesUnavailableError } from './namesErrors.js'

/** Whether names can be registered for the active account: a server and a connected EVM account. */
export function hasNamesTarget(portico: Portico): boolean {
  const { state } = portico
  const chain = state.chains.eip155
  return (
    hasApiServer(portico) &&
    state.modal.activeChain === 'eip155' &&
    !!chain?.accountState.address &&
    !!chain.networkState.caipNetwork
  )
}

/**
 * The connected EVM account and its network, which names are registered for; throws
 * `AccountNamesUnavailableError` without a server or an EVM account (SPEC §9: names are eip155 only).
 */
export function getNamesTarget(portico: Portico): { address: string; network: Network; chainId: number } {
  const { state } = portico
  const chain = state.chains.eip155
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (!hasApiServer(portico) || state.modal.activeChain !== 'eip155' || !address || !network) {
    throw new AccountNamesUnavailableError(
      'Account names need a Portico server (apiUrl and projectId) and a connected EVM account.',
    )
  }
  return { address, network, chainId: Number(network.caipNetworkId.split(':')[1]) }
}
