import type { Network } from '@portico/core'
import type { Chain } from 'viem'

/** Fields of a network a site may change; the id and namespace always come from the chain. */
export type EvmNetworkOverrides = Partial<Omit<Network, 'id' | 'namespace' | 'caipNetworkId'>>

/**
 * Builds a Portico network from a viem chain.
 * @example
 * import { mainnet } from 'viem/chains'
 * const networks = [defineEvmNetwork(mainnet, { rpcUrls: { default: { http: ['https://rpc.example'] } } })]
 */
export function defineEvmNetwork(chain: Chain, overrides: EvmNetworkOverrides = {}): Network {
  const explorer = chain.blockExplorers?.default
  return {
    id: chain.id,
    namespace: 'eip155',
    caipNetworkId: `eip155:${chain.id}`,
    name: chain.name,
    nativeCurrency: {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
    },
    rpcUrls: { default: { http: [...chain.rpcUrls.default.http] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    ...(chain.testnet === undefined ? {} : { testnet: chain.testnet }),
    ...overrides,
  }
}
