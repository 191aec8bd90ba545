import { parseCaipAddress } from '../network/caip.js'
import type { CaipAddress, CaipNetworkId } from '../network/types.js'
import type { Portico } from '../portico.js'

/** The active account (CAIP-10) when sign-in applies to it: connected, on a network the site supports. */
export function getSiwxAccount(portico: Portico): CaipAddress | undefined {
  const { state } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  if (chain?.accountState.status !== 'connected') return undefined
  if (chain.networkState.unsupportedCaipNetworkId !== undefined) return undefined
  return chain.accountState.caipAddress
}

/** The CAIP-2 network and address of a CAIP-10 account. */
export function splitSiwxAccount(caipAddress: CaipAddress): { chainId: CaipNetworkId; address: string } {
  const parts = parseCaipAddress(caipAddress)!
  return { chainId: `${parts.namespace}:${parts.reference}` as CaipNetworkId, address: parts.address }
}
