/**
 * `swap` in the server config: the chains whose Uniswap pools the server quotes, the tokens it
 * offers on each, and the provider fee. Chains where Uniswap's contracts sit at published addresses
 * (Ethereum, Arbitrum, Optimism, Base, Polygon) need only their id: the addresses below fill in
 * what the entry leaves out.
 */
import * as z from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')

/** An ERC-20 the swap offers (config.ts's token entry, EVM only; kept here so the two modules do not import each other). */
const swapTokenConfigSchema = z.object({
  address,
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  iconUrl: z.string().optional(),
})

/** Uniswap V3 fee tiers, in hundredths of a basis point (0.01%, 0.05%, 0.3%, 1%). */
export const DEFAULT_V3_FEE_TIERS = [100, 500, 3_000, 10_000] as const

/** SPEC §9: the provider fee, percent of the source amount. */
export const DEFAULT_PROVIDER_FEE_PERCENT = 0.85

export interface SwapContracts {
  /** SwapRouter02: V2 and V3 swaps, wrapping and the fee's payment, in one `multicall`. */
  router: `0x${string}`
  /** WETH9 or the chain's equivalent (WMATIC on Polygon). */
  wrappedNative: `0x${string}`
  v2?: { factory: `0x${string}` }
  v3?: { factory: `0x${string}`; quoter: `0x${string}` }
}

/**
 * Uniswap's own deployments (docs.uniswap.org, "Deployments" of v2 and v3 per chain):
 * SwapRouter02, QuoterV2, UniswapV3Factory, the V2 factory and the wrapped native token. The
 * router's V2 side is used only when the router names the same V2 factory (checked on chain), so
 * a chain whose SwapRouter02 was deployed without V2 falls back to V3 alone.
 */
export const CANONICAL_SWAP_CONTRACTS: Readonly<Record<string, SwapContracts>> = {
  'eip155:1': {
    router: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
    wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    v2: { factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f' },
    v3: {
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoter: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    },
  },
  'eip155:42161': {
    router: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
    wrappedNative: '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1',
    v2: { factory: '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9' },
    v3: {
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoter: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    },
  },
  'eip155:10': {
    router: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
    wrappedNative: '0x4200000000000000000000000000000000000006',
    v2: { factory: '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf' },
    v3: {
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoter: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    },
  },
  'eip155:8453': {
    router: '0x2626664c2603336E57B271c5C0b26F421741e481',
    wrappedNative: '0x4200000000000000000000000000000000000006',
    v2: { factory: '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6' },
    v3: {
      factory: '0x33128a8fC17869897dcE68Ed026d694621f6FDfD',
      quoter: '0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a',
    },
  },
  'eip155:137': {
    router: '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45',
    wrappedNative: '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270',
    v2: { factory: '0x9e5A52f57b3038F1B8EeE45F28b3C1967e22799C' },
    v3: {
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      quoter: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    },
  },
}

const providerFeeSchema = z.object({
  /** Who receives the fee, in the swap's own transaction. */
  recipient: address,
  /** Percent of the source amount; SPEC §9's 0.85 when omitted. 0 charges nothing. */
  rate: z.number().min(0).max(10).default(DEFAULT_PROVIDER_FEE_PERCENT),
})

const swapChainSchema = z.object({
  /** An `eip155:` chain that `chains` also lists (its RPC endpoint is used). */
  caipNetworkId: z.string().regex(/^eip155:\d{1,32}$/, 'expected an eip155 CAIP-2 id such as eip155:1'),
  router: address.optional(),
  wrappedNative: address.optional(),
  v2: z.object({ factory: address }).optional(),
  v3: z
    .object({
      factory: address,
      quoter: address,
      feeTiers: z.array(z.number().int().min(1).max(1_000_000)).min(1).optional(),
    })
    .optional(),
  /**
   * A USD stablecoin with deep pools: token prices are their pool price against it (its own price
   * is the static table's, or 1).
   */
  quoteToken: address.optional(),
  /** The tokens offered besides the native currency and those of the chain's `tokens` the visitor holds. */
  tokens: z.array(swapTokenConfigSchema).default([]),
  /**
   * Chainlink USD feeds (AggregatorV3Interface), preferred over the pools for the tokens they
   * name. An answer older than `heartbeatSeconds`, or not above zero, is refused and the pools
   * (then the static table) answer instead.
   */
  priceFeeds: z
    .array(
      z.object({
        /** `native` or the token's address. */
        token: z.union([z.literal('native'), address]),
        /** The feed's proxy address, as Chainlink's data feeds page lists it. */
        feed: address,
        /** The feed's heartbeat: its answer is older than this only when the feed has stopped. */
        heartbeatSeconds: z.number().int().min(1).max(604_800).default(3_600),
      }),
    )
    .default([])
    .refine(
      (feeds) => new Set(feeds.map((entry) => entry.token.toLowerCase())).size === feeds.length,
      'each token may have one price feed',
    ),
})

export const swapConfigSchema = z.object({
  chains: z.array(swapChainSchema).default([]),
  /**
   * The provider fee per project id (`"*"` for every project without its own entry). A project
   * with no entry, or with rate 0, is charged nothing.
   */
  fees: z.record(z.string(), providerFeeSchema).default({}),
  /** Let approvals allow the router unlimited spending; off: each approval is for the swap's amount. */
  unlimitedApprovals: z.boolean().default(false),
  /** How long a swap's calldata stays valid, in seconds. */
  deadlineSeconds: z.number().int().min(30).max(86_400).default(1_200),
  /** How long an on-chain price is reused, in ms. */
  priceCacheMs: z.number().int().min(0).default(30_000),
  /** Also value the portfolio's and the history's tokens at on-chain prices (the static table stays the fallback). */
  portfolioPrices: z.boolean().default(false),
})
export type SwapConfig = z.infer<typeof swapConfigSchema>
export type SwapChainConfig = z.infer<typeof swapChainSchema>

/** A swap chain with its contracts settled: the entry's own, else the canonical ones. */
export interface ResolvedSwapChain extends SwapContracts {
  caipNetworkId: string
  feeTiers: readonly number[]
  quoteToken?: `0x${string}`
  tokens: SwapChainConfig['tokens']
  /** Chainlink USD feeds by token (`native` or a lower-case address). */
  priceFeeds: ReadonlyMap<string, { feed: `0x${string}`; heartbeatSeconds: number }>
}

/** Fills a swap chain's contracts from the canonical table; undefined names what is missing. */
export function resolveSwapChain(
  chain: SwapChainConfig,
): { ok: true; chain: ResolvedSwapChain } | { ok: false; missing: string[] } {
  const canonical = CANONICAL_SWAP_CONTRACTS[chain.caipNetworkId]
  const router = (chain.router ?? canonical?.router) as `0x${string}` | undefined
  const wrappedNative = (chain.wrappedNative ?? canonical?.wrappedNative) as `0x${string}` | undefined
  // An entry that names V2 or V3 replaces the canonical protocol entirely.
  const v2 = chain.v2 ?? (chain.router ? undefined : canonical?.v2)
  const v3 = chain.v3 ?? (chain.router ? undefined : canonical?.v3)
  const missing: string[] = []
  if (!router) missing.push('router')
  if (!wrappedNative) missing.push('wrappedNative')
  if (!v2 && !v3) missing.push('v2 or v3')
  if (!router || !wrappedNative || missing.length > 0) return { ok: false, missing }
  return {
    ok: true,
    chain: {
      caipNetworkId: chain.caipNetworkId,
      router,
      wrappedNative,
      ...(v2 ? { v2: { factory: v2.factory as `0x${string}` } } : {}),
      ...(v3 ? { v3: { factory: v3.factory as `0x${string}`, quoter: v3.quoter as `0x${string}` } } : {}),
      feeTiers: chain.v3?.feeTiers ?? DEFAULT_V3_FEE_TIERS,
      ...(chain.quoteToken ? { quoteToken: chain.quoteToken as `0x${string}` } : {}),
      tokens: chain.tokens,
      priceFeeds: new Map(
        chain.priceFeeds.map((entry) => [
          entry.token.toLowerCase(),
          { feed: entry.feed as `0x${string}`, heartbeatSeconds: entry.heartbeatSeconds },
        ]),
      ),
    },
  }
}
