/** The four namespaces Portico speaks (CAIP-2 namespaces). */
export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122'

/** A CAIP-2 network id such as `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`

/** A CAIP-10 account id such as `eip155:1:0xabc…`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

/** A network a site offers; `id` is the CAIP-2 reference (a chain id for EVM). */
export interface Network {
  id: number | string
  namespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: { http: readonly string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  iconUrl?: string
  testnet?: boolean
}
