import type { Network } from '@portico/core'
import { InvalidBitcoinNetworkError } from './errors.js'

/** How a chain writes its addresses: the bech32 prefix and the base58 version bytes. */
export interface BitcoinAddressFormat {
  /** 'bc', 'tb' or 'bcrt'. */
  bech32: string
  pubKeyHash: number
  scriptHash: number
  /** The name a refused address is called by ('Bitcoin', 'Bitcoin testnet', 'Bitcoin regtest'). */
  label: string
}

export const MAINNET_FORMAT: BitcoinAddressFormat = {
  bech32: 'bc',
  pubKeyHash: 0x00,
  scriptHash: 0x05,
  label: 'Bitcoin mainnet',
}
// Testnet3, testnet4 and signet share one address format.
export const TESTNET_FORMAT: BitcoinAddressFormat = {
  bech32: 'tb',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  label: 'Bitcoin testnet',
}
// Bitcoin Core's regtest prefixes (bitcoinjs-lib's `networks.regtest`).
export const REGTEST_FORMAT: BitcoinAddressFormat = {
  bech32: 'bcrt',
  pubKeyHash: 0x6f,
  scriptHash: 0xc4,
  label: 'Bitcoin regtest',
}
export const ADDRESS_FORMATS: readonly BitcoinAddressFormat[] = [
  MAINNET_FORMAT,
  TESTNET_FORMAT,
  REGTEST_FORMAT,
]

const BTC = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 } as const
const TEST_BTC = { name: 'Test Bitcoin', symbol: 'tBTC', decimals: 8 } as const

// CAIP-2 (the bip122 namespace) names a chain by the first 32 hex digits of its genesis block hash:
// mainnet 000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f, testnet4 (BIP-94)
// 00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043, the default signet (BIP-325)
// 00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6.
const MAINNET_ID = '000000000019d6689c085ae165831e93'
const TESTNET4_ID = '00000000da84f2bafbbc53dee25a72ae'
const SIGNET_ID = '00000008819873e925422c1ff0f99f7c'
/** Bitcoin Core's regtest genesis (0f9188f1…466e2206): every fresh regtest node has it. */
export const BITCOIN_REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'

const formats = new Map<string, BitcoinAddressFormat>([
  [MAINNET_ID, MAINNET_FORMAT],
  [TESTNET4_ID, TESTNET_FORMAT],
  [SIGNET_ID, TESTNET_FORMAT],
])

/**
 * Bitcoin mainnet. It names no API: balances, fees and sends need an Esplora-compatible base URL
 * (`withEsploraApi(bitcoinMainnet, url)`); nothing is called before the site names one.
 */
export const bitcoinMainnet: Network = {
  id: MAINNET_ID,
  namespace: 'bip122',
  caipNetworkId: `bip122:${MAINNET_ID}`,
  name: 'Bitcoin',
  nativeCurrency: BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
}

/** Bitcoin testnet4 (BIP-94), no API until the site names one. */
export const bitcoinTestnet4: Network = {
  id: TESTNET4_ID,
  namespace: 'bip122',
  caipNetworkId: `bip122:${TESTNET4_ID}`,
  name: 'Bitcoin Testnet4',
  nativeCurrency: TEST_BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/testnet4' } },
  testnet: true,
}

/** The default Bitcoin signet (BIP-325), no API until the site names one. */
export const bitcoinSignet: Network = {
  id: SIGNET_ID,
  namespace: 'bip122',
  caipNetworkId: `bip122:${SIGNET_ID}`,
  name: 'Bitcoin Signet',
  nativeCurrency: TEST_BTC,
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/signet' } },
  testnet: true,
}

export interface DefineBitcoinNetworkParameters {
  /** The genesis block hash, 64 hex digits (CAIP-2 keeps the first 32). Default regtest's. */
  genesisHash?: string
  name: string
  /** The Esplora-compatible API base (`…/address/:a`, `/fee-estimates`, `POST /tx`). */
  esploraUrl?: string
  explorerUrl?: string
  explorerName?: string
  iconUrl?: string
}

/**
 * A regtest chain (a local node): Bitcoin Core's regtest address prefixes (`bcrt1…`, `m…`/`n…`,
 * `2…`), test coins.
 * @example
 * const regtest = defineBitcoinNetwork({ name: 'Regtest', esploraUrl: 'http://127.0.0.1:8332/api/bip122' })
 */
export function defineBitcoinNetwork(parameters: DefineBitcoinNetworkParameters): Network {
  const hash = (parameters.genesisHash ?? BITCOIN_REGTEST_GENESIS_HASH).toLowerCase()
  if (!/^[0-9a-f]{64}$/.test(hash))
    throw new InvalidBitcoinNetworkError({
      details: `genesisHash "${parameters.genesisHash}" is not 64 hex digits.`,
    })
  const id = hash.slice(0, 32)
  if (formats.has(id))
    throw new InvalidBitcoinNetworkError({
      details: `${id} is a public chain: use bitcoinMainnet, bitcoinTestnet4 or bitcoinSignet.`,
    })
  if (parameters.esploraUrl !== undefined) checkHttpUrl(parameters.esploraUrl, 'esploraUrl')
  if (parameters.explorerUrl !== undefined) checkHttpUrl(parameters.explorerUrl, 'explorerUrl')
  return {
    id,
    namespace: 'bip122',
    caipNetworkId: `bip122:${id}`,
    name: parameters.name,
    nativeCurrency: TEST_BTC,
    rpcUrls: { default: { http: parameters.esploraUrl ? [parameters.esploraUrl] : [] } },
    ...(parameters.explorerUrl
      ? {
          blockExplorers: {
            default: { name: parameters.explorerName ?? 'Explorer', url: parameters.explorerUrl },
          },
        }
      : {}),
    ...(parameters.iconUrl ? { iconUrl: parameters.iconUrl } : {}),
    testnet: true,
  }
}

/**
 * The network with an Esplora-compatible API base: the site's own electrs/Esplora, a public one it
 * chooses, or its Portico server's `bip122` routes.
 * @example
 * withEsploraApi(bitcoinMainnet, 'https://mempool.space/api')
 */
export function withEsploraApi(network: Network, esploraUrl: string): Network {
  if (network.namespace !== 'bip122')
    throw new InvalidBitcoinNetworkError({ details: `${network.caipNetworkId} is not a Bitcoin network.` })
  checkHttpUrl(esploraUrl, 'esploraUrl')
  return { ...network, rpcUrls: { default: { http: [esploraUrl] } } }
}

/**
 * The network served by a Portico server's Esplora-compatible routes
 * (`<apiUrl>/v1/bitcoin/<caipNetworkId>/…?projectId=`), under the project and origin rules of its
 * RPC proxy.
 * @example
 * withPorticoServer(bitcoinMainnet, { apiUrl: 'https://portico.example.com', projectId: 'shop' })
 */
export function withPorticoServer(network: Network, server: { apiUrl: string; projectId: string }): Network {
  const url = new URL(`${server.apiUrl.replace(/\/+$/, '')}/v1/bitcoin/${network.caipNetworkId}`)
  url.searchParams.set('projectId', server.projectId)
  return withEsploraApi(network, url.toString())
}

function checkHttpUrl(value: string, field: string): void {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new InvalidBitcoinNetworkError({ details: `${field} "${value}" is not an http(s) URL.` })
}

/** How the network writes addresses: the public chains by id, any other chain as regtest. */
export function getAddressFormat(network: Network): BitcoinAddressFormat {
  return formats.get(String(network.id)) ?? REGTEST_FORMAT
}

/** The network's Esplora-compatible API base without a trailing slash, if the site named one. */
export function getEsploraUrl(network: Network): string | undefined {
  const url = network.rpcUrls.default.http[0]
  return url ? url.replace(/\/+$/, '') : undefined
}

/** Whether the chain is one of the public test chains, mainnet or a private (regtest) one. */
export function getChainKind(network: Network): 'mainnet' | 'testnet4' | 'signet' | 'regtest' {
  switch (String(network.id)) {
    case MAINNET_ID:
      return 'mainnet'
    case TESTNET4_ID:
      return 'testnet4'
    case SIGNET_ID:
      return 'signet'
    default:
      return 'regtest'
  }
}

/** A block-explorer link for `path` (`tx/<id>`, `address/<a>`). */
export function getExplorerUrl(network: Network, path: string): string | undefined {
  const base = network.blockExplorers?.default.url
  return base ? `${base.replace(/\/+$/, '')}/${path}` : undefined
}
