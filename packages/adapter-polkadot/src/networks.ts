import { isCaipNetworkId, type Network } from '@portico/core'
import { InvalidPolkadotNetworkError } from './errors.js'

/** A Polkadot-family network: a Portico network plus the SS58 prefix its addresses are written with. */
export type PolkadotNetwork = Network & { namespace: 'polkadot'; ss58Prefix: number }

export interface DefinePolkadotNetworkParameters {
  /** The chain's genesis hash (0x + 64 hex); CAIP-2 keeps its first 32 hex characters. */
  id: string
  name: string
  /** One WebSocket (`wss:`, or `ws:` for a local node) or HTTP RPC URL; `rpcUrls` for several. */
  rpcUrl?: string
  rpcUrls?: readonly string[]
  /** The SS58 prefix of the chain's addresses (0 Polkadot, 2 Kusama, 42 generic). */
  ss58Prefix: number
  token: { symbol: string; decimals: number; name?: string }
  /** A Subscan-style explorer: `<url>/account/<address>` and `<url>/extrinsic/<hash>`. */
  explorer?: { name?: string; url: string }
  iconUrl?: string
  testnet?: boolean
}

const GENESIS_HASH = /^(?:0x)?[0-9a-fA-F]{64}$/
const SHORT_ID = /^[0-9a-f]{32}$/
const RPC_URL = /^(wss?|https?):\/\/[^\s]+$/

// The prefix of every network built here, by CAIP-2 id: core may copy a network object without its
// extra fields, and the adapter still has to know which addresses it takes.
const PREFIXES = new Map<string, number>()

/**
 * Builds a Portico network for a Polkadot-family chain.
 * @example
 * const local = definePolkadotNetwork({
 *   id: '0x4545…45', name: 'Local', rpcUrl: 'ws://127.0.0.1:9944', ss58Prefix: 42,
 *   token: { symbol: 'UNIT', decimals: 12 },
 * })
 */
export function definePolkadotNetwork(parameters: DefinePolkadotNetworkParameters): PolkadotNetwork {
  const problems: string[] = []
  const hex = String(parameters.id ?? '').toLowerCase()
  const id = GENESIS_HASH.test(hex)
    ? hex.replace(/^0x/, '').slice(0, 32)
    : SHORT_ID.test(hex)
      ? hex
      : undefined
  if (!id) problems.push(`id "${parameters.id}" is not a genesis hash (0x and 64 hex characters)`)
  const rpcUrls = [...(parameters.rpcUrls ?? []), ...(parameters.rpcUrl ? [parameters.rpcUrl] : [])]
  if (rpcUrls.length === 0) problems.push('rpcUrl is missing')
  for (const url of rpcUrls) if (!RPC_URL.test(url)) problems.push(`rpcUrl "${url}" is not ws(s) or http(s)`)
  const prefix = parameters.ss58Prefix
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47)
    problems.push(`ss58Prefix ${prefix} is not an SS58 network prefix`)
  const { symbol, decimals } = parameters.token ?? {}
  if (typeof symbol !== 'string' || !/^[\w.-]{1,12}$/.test(symbol))
    problems.push('token.symbol is not a symbol')
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30)
    problems.push('token.decimals is not 0–30')
  if (typeof parameters.name !== 'string' || parameters.name.trim() === '') problems.push('name is empty')
  if (parameters.explorer && !/^https?:\/\//.test(parameters.explorer.url))
    problems.push(`explorer url "${parameters.explorer.url}" is not http(s)`)
  if (problems.length > 0 || !id || !isCaipNetworkId(`polkadot:${id}`, 'polkadot'))
    throw new InvalidPolkadotNetworkError({ details: `${problems.join('; ')}.` })
  const caipNetworkId = `polkadot:${id}` as const
  PREFIXES.set(caipNetworkId, prefix)
  return {
    id,
    namespace: 'polkadot',
    caipNetworkId,
    name: parameters.name,
    nativeCurrency: { name: parameters.token.name ?? symbol, symbol, decimals },
    rpcUrls: { default: { http: rpcUrls } },
    ...(parameters.explorer
      ? {
          blockExplorers: {
            default: { name: parameters.explorer.name ?? 'Subscan', url: parameters.explorer.url },
          },
        }
      : {}),
    ...(parameters.iconUrl ? { iconUrl: parameters.iconUrl } : {}),
    ...(parameters.testnet !== undefined ? { testnet: parameters.testnet } : {}),
    ss58Prefix: prefix,
  }
}

// Genesis hashes as @polkadot/networks and the chains' telemetry list them.
/** Polkadot, the relay chain. */
export const polkadotMainnet: PolkadotNetwork = definePolkadotNetwork({
  // genesis 0x91b171bb158e2d3848fa23a9f1c25182fb8e20313b2c1eb49219da7a70ce90c3
  id: '91b171bb158e2d3848fa23a9f1c25182',
  name: 'Polkadot',
  rpcUrl: 'wss://rpc.polkadot.io',
  ss58Prefix: 0,
  token: { symbol: 'DOT', decimals: 10, name: 'Polkadot' },
  explorer: { url: 'https://polkadot.subscan.io' },
})

/** Kusama, the relay chain. */
export const kusama: PolkadotNetwork = definePolkadotNetwork({
  // genesis 0xb0a8d493285c2df73290dfb7e61f870f17b41801197a149ca93654499ea3dafe
  id: 'b0a8d493285c2df73290dfb7e61f870f',
  name: 'Kusama',
  rpcUrl: 'wss://kusama-rpc.polkadot.io',
  ss58Prefix: 2,
  token: { symbol: 'KSM', decimals: 12, name: 'Kusama' },
  explorer: { url: 'https://kusama.subscan.io' },
})

/** Polkadot Asset Hub, the system parachain that holds DOT balances since the migration. */
export const polkadotAssetHub: PolkadotNetwork = definePolkadotNetwork({
  // genesis 0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f
  id: '68d56f15f85d3136970ec16946040bc1',
  name: 'Polkadot Asset Hub',
  rpcUrl: 'wss://polkadot-asset-hub-rpc.polkadot.io',
  ss58Prefix: 0,
  token: { symbol: 'DOT', decimals: 10, name: 'Polkadot' },
  explorer: { url: 'https://assethub-polkadot.subscan.io' },
})

/** Westend, Parity's test relay chain. */
export const westend: PolkadotNetwork = definePolkadotNetwork({
  // genesis 0xe143f23803ac50e8f6f8e62695d1ce9e4e1d68aa36c1cd2cfd15340213f3423e
  id: 'e143f23803ac50e8f6f8e62695d1ce9e',
  name: 'Westend',
  rpcUrl: 'wss://westend-rpc.polkadot.io',
  ss58Prefix: 42,
  token: { symbol: 'WND', decimals: 12, name: 'Westend' },
  explorer: { url: 'https://westend.subscan.io' },
  testnet: true,
})

/** Paseo, the community test relay chain. */
export const paseo: PolkadotNetwork = definePolkadotNetwork({
  // genesis 0x77afd6190f1554ad45fd0d31aee62aacc33c6db0ea801129acb813f913e0764f
  id: '77afd6190f1554ad45fd0d31aee62aac',
  name: 'Paseo',
  rpcUrl: 'wss://paseo.rpc.amforc.com',
  ss58Prefix: 0,
  token: { symbol: 'PAS', decimals: 10, name: 'Paseo' },
  explorer: { url: 'https://paseo.subscan.io' },
  testnet: true,
})

/** The SS58 prefix of a network's addresses: its own, one built here, or 42 (the generic one). */
export function getSs58Prefix(network: Network): number {
  const own = (network as Partial<PolkadotNetwork>).ss58Prefix
  if (typeof own === 'number') return own
  return PREFIXES.get(network.caipNetworkId) ?? 42
}

/** A Subscan link for `path` (`account/<address>`, `extrinsic/<hash>`), when the network has an explorer. */
export function getExplorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url
  if (!base) return undefined
  try {
    const url = new URL(base)
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`
    return url.toString()
  } catch {
    return undefined
  }
}
