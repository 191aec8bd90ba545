import * as z from 'zod'
import type { BitcoinNetworkKind } from './bitcoinAddress.js'

/**
 * The networks whose CAIP-2 id (`bip122:` and the first 32 hex digits of the genesis block hash) is
 * known, so their address prefixes need not be configured.
 */
export const KNOWN_BITCOIN_NETWORKS: Record<string, BitcoinNetworkKind> = {
  'bip122:000000000019d6689c085ae165831e93': 'mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'testnet',
  'bip122:00000000da84f2bafbbc53dee25a72ae': 'testnet',
  'bip122:00000008819873e925422c1ff0f99f7c': 'testnet',
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'regtest',
}

const bitcoinChainSchema = z
  .object({
    /** `bip122:<first 32 hex digits of the genesis hash>`, e.g. regtest's `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`. */
    caipNetworkId: z
      .string()
      .regex(/^bip122:[0-9a-f]{32}$/, 'expected bip122: and 32 lowercase hex digits of the genesis hash'),
    name: z.string().min(1),
    /** Which address prefixes the chain uses; deduced for mainnet, testnet3/4, signet and regtest. */
    network: z.enum(['mainnet', 'testnet', 'regtest']).optional(),
    /**
     * Where answers come from: `esplora` (an Esplora HTTP API, passed through once checked) or
     * `bcoin` (a bcoin node's REST and RPC with `indexTX` and `indexAddress`, translated).
     */
    upstream: z.object({ kind: z.enum(['esplora', 'bcoin']), url: z.url() }),
    /**
     * The coin's symbol and name in balances and activity, as the site's network definition has them;
     * default 'BTC'/'Bitcoin' on mainnet and 'tBTC'/'Test Bitcoin' on a test network.
     */
    symbol: z.string().min(1).max(12).optional(),
    currencyName: z.string().min(1).max(40).optional(),
  })
  .transform((chain, context) => {
    const network = chain.network ?? KNOWN_BITCOIN_NETWORKS[chain.caipNetworkId]
    if (!network) {
      context.addIssue({
        code: 'custom',
        path: ['network'],
        input: chain.network,
        message: `${chain.caipNetworkId} is not a network this server knows: set network to mainnet, testnet or regtest (its address prefixes)`,
      })
      return z.NEVER
    }
    const test = network !== 'mainnet'
    return {
      ...chain,
      network,
      symbol: chain.symbol ?? (test ? 'tBTC' : 'BTC'),
      currencyName: chain.currencyName ?? (test ? 'Test Bitcoin' : 'Bitcoin'),
    }
  })

export const bitcoinConfigSchema = z.object({
  /** `bip122:` chains served under `/v1/bitcoin/<caipNetworkId>/…` with Esplora's routes and answers. */
  chains: z
    .array(bitcoinChainSchema)
    .default([])
    .check(
      z.superRefine((chains, context) => {
        const seen = new Set<string>()
        for (const [index, chain] of chains.entries()) {
          if (seen.has(chain.caipNetworkId)) {
            context.addIssue({
              code: 'custom',
              path: [index, 'caipNetworkId'],
              input: chain.caipNetworkId,
              message: 'listed twice',
            })
          }
          seen.add(chain.caipNetworkId)
        }
      }),
    ),
  /** How long one upstream request may take before the route answers 504 UPSTREAM_TIMEOUT, in ms. */
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /**
   * How long address, history, UTXO, tip and unconfirmed transaction answers are reused, in ms (a
   * broadcast through the server clears them). Confirmed transactions are kept 60 s, fee estimates 30 s.
   */
  cacheMs: z.number().int().min(0).max(60_000).default(2_000),
})
export type BitcoinConfig = z.infer<typeof bitcoinConfigSchema>
export type BitcoinChainConfig = BitcoinConfig['chains'][number]
