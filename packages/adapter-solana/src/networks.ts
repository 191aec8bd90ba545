import { isCaipNetworkId, type Network } from '@portico/core'
import { InvalidSolanaNetworkError } from './errors.js'

/** The Wallet Standard names of the Solana clusters (the `chain` a wallet signs and sends for). */
export type SolanaWalletChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9 } as const
const EXPLORER_NAME = 'Solana Explorer'

// CAIP-2 names a Solana cluster by the first 32 characters of its genesis hash.
const MAINNET_ID = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET_ID = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const TESTNET_ID = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'

/** Solana mainnet-beta on its public RPC (rate-limited: sites should pass their own RPC URL). */
export const solanaMainnet: Network = {
  id: MAINNET_ID,
  namespace: 'solana',
  caipNetworkId: `solana:${MAINNET_ID}`,
  name: 'Solana',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
  blockExplorers: { default: { name: EXPLORER_NAME, url: 'https://explorer.solana.com' } },
}

/** Solana devnet on its public RPC. */
export const solanaDevnet: Network = {
  id: DEVNET_ID,
  namespace: 'solana',
  caipNetworkId: `solana:${DEVNET_ID}`,
  name: 'Solana Devnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.devnet.solana.com'] } },
  blockExplorers: { default: { name: EXPLORER_NAME, url: 'https://explorer.solana.com/?cluster=devnet' } },
  testnet: true,
}

/** Solana testnet on its public RPC. */
export const solanaTestnet: Network = {
  id: TESTNET_ID,
  namespace: 'solana',
  caipNetworkId: `solana:${TESTNET_ID}`,
  name: 'Solana Testnet',
  nativeCurrency: SOL,
  rpcUrls: { default: { http: ['https://api.testnet.solana.com'] } },
  blockExplorers: { default: { name: EXPLORER_NAME, url: 'https://explorer.solana.com/?cluster=testnet' } },
  testnet: true,
}

export interface DefineSolanaNetworkParameters {
  /** The cluster's genesis hash (its first 32 characters are kept, as CAIP-2 does). */
  id: string
  name: string
  rpcUrl: string
  /** An explorer base URL; a query string such as `?cluster=custom` is kept on every link. */
  explorerUrl?: string
  explorerName?: string
  iconUrl?: string
  /** Default true: a cluster other than the three public ones is usually a test one. */
  testnet?: boolean
}

/**
 * Builds a Portico network for a Solana cluster other than the three public ones (a local validator).
 * @example
 * const local = defineSolanaNetwork({ id: genesisHash, name: 'Localnet', rpcUrl: 'http://127.0.0.1:8899' })
 */
export function defineSolanaNetwork(parameters: DefineSolanaNetworkParameters): Network {
  const id = parameters.id.slice(0, 32)
  if (!isCaipNetworkId(`solana:${id}`, 'solana'))
    throw new InvalidSolanaNetworkError({ details: `id "${parameters.id}" is not a genesis hash.` })
  if (!/^https?:\/\//.test(parameters.rpcUrl))
    throw new InvalidSolanaNetworkError({ details: `rpcUrl "${parameters.rpcUrl}" is not http(s).` })
  return {
    id,
    namespace: 'solana',
    caipNetworkId: `solana:${id}`,
    name: parameters.name,
    nativeCurrency: SOL,
    rpcUrls: { default: { http: [parameters.rpcUrl] } },
    ...(parameters.explorerUrl
      ? {
          blockExplorers: {
            default: { name: parameters.explorerName ?? EXPLORER_NAME, url: parameters.explorerUrl },
          },
        }
      : {}),
    ...(parameters.iconUrl ? { iconUrl: parameters.iconUrl } : {}),
    testnet: parameters.testnet ?? true,
  }
}

/**
 * The Wallet Standard chain a wallet knows a network by: the three public clusters by name, any
 * other cluster as `solana:localnet` (wallets have no way to name a private cluster).
 */
export function getWalletStandardChain(network: Network): SolanaWalletChain {
  switch (String(network.id)) {
    case MAINNET_ID:
      return 'solana:mainnet'
    case DEVNET_ID:
      return 'solana:devnet'
    case TESTNET_ID:
      return 'solana:testnet'
    default:
      return 'solana:localnet'
  }
}

/**
 * A block-explorer link for `path` (`tx/<signature>`, `address/<address>`), keeping the explorer
 * URL's query string (`?cluster=devnet`) after the path.
 */
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
