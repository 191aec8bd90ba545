/**
 * USD prices from on-chain sources: a Chainlink feed where the swap chain configures one for the
 * token, else the token's mid price in the chain's own pools against the quote token (a USD
 * stablecoin), times the quote token's price (its feed's, the static table's, or 1). Cached, so a
 * page of balances asks the chain once per token per `cacheMs`. A feed whose answer is stale or
 * not above zero is passed over for the pools (logged with its code); where no quote token is
 * configured or no pool joins a token to it, the static table answers.
 */
import { type Address, erc20Abi, type PublicClient } from 'viem'
import type { Logger } from '../logger.js'
import type { PricedToken, PriceSource } from '../portfolio/prices.js'
import { createPriceFeedReader } from './chainlinkFeeds.js'
import type { OnchainSwapProvider } from './onchainSwapProvider.js'
import type { ResolvedSwapChain } from './swapConfig.js'
import { unitPrice } from './swapMath.js'

/** Entries kept before the cache starts over; bounds what callers can make it hold. */
const MAX_ENTRIES = 5_000

export interface OnchainPriceSource extends PriceSource {
  /** The price of one whole token: its feed's, else the pools' when they know it, else the static table's. */
  price(token: PricedToken & { decimals: number }): Promise<number | undefined>
  /** Reads the pools' prices of these tokens into the cache, so `getPrice` answers them at once. */
  prepare(tokens: readonly (PricedToken & { decimals: number })[]): Promise<void>
}

export function createOnchainPriceSource(parameters: {
  chains: readonly { chain: ResolvedSwapChain; client: PublicClient }[]
  provider: OnchainSwapProvider
  fallback: PriceSource
  cacheMs: number
  now: () => number
  /** Where refused feed answers are reported. */
  logger?: Logger
}): OnchainPriceSource {
  const { provider, fallback, cacheMs, now, logger } = parameters
  const feeds = createPriceFeedReader({ now })
  const chains = new Map(parameters.chains.map((entry) => [entry.chain.caipNetworkId, entry]))
  const cache = new Map<
    string,
    { at: number; value: Promise<number | undefined>; settled?: number | undefined }
  >()
  const quoteDecimals = new Map<string, Promise<number>>()

  const keyOf = (token: PricedToken) => `${token.chainId}/${token.address?.toLowerCase() ?? 'native'}`

  const readQuoteDecimals = (client: PublicClient, chain: ResolvedSwapChain, quote: Address) => {
    let known = quoteDecimals.get(chain.caipNetworkId)
    if (!known) {
      const configured = chain.tokens.find((token) => token.address.toLowerCase() === quote.toLowerCase())
      known = configured
        ? Promise.resolve(configured.decimals)
        : client.readContract({ address: quote, abi: erc20Abi, functionName: 'decimals' })
      known.catch(() => quoteDecimals.delete(chain.caipNetworkId))
      quoteDecimals.set(chain.caipNetworkId, known)
    }
    return known
  }

  /** The feed's price of a token, or undefined when none is configured or its answer is refused. */
  const fromFeed = async (
    entry: { chain: ResolvedSwapChain; client: PublicClient },
    token: 'native' | Address,
  ): Promise<number | undefined> => {
    const feed = entry.chain.priceFeeds.get(token.toLowerCase())
    if (!feed) return undefined
    const reading = await feeds.read(entry.client, feed)
    if (reading.ok) return reading.price
    logger?.warn('price feed refused', {
      code: reading.code,
      chainId: entry.chain.caipNetworkId,
      token,
      feed: feed.feed,
      reason: reading.message,
    })
    return undefined
  }

  const fromChain = async (token: PricedToken & { decimals: number }): Promise<number | undefined> => {
    const entry = chains.get(token.chainId)
    if (!entry) return fallback.getPrice(token)
    const fed = await fromFeed(entry, token.address ?? 'native')
    if (fed !== undefined) return fed
    const quote = entry.chain.quoteToken
    if (!quote) return fallback.getPrice(token)
    const quotePrice =
      (await fromFeed(entry, quote)) ?? fallback.getPrice({ chainId: token.chainId, address: quote }) ?? 1
    const address = token.address ?? entry.chain.wrappedNative
    if (address.toLowerCase() === quote.toLowerCase()) return quotePrice
    const decimals = await readQuoteDecimals(entry.client, entry.chain, quote)
    const mid = await provider.midPrice(token.chainId, address, quote, 10n ** BigInt(token.decimals))
    if (!mid) return fallback.getPrice(token)
    return unitPrice(mid, token.decimals, decimals, quotePrice)
  }

  const price = (token: PricedToken & { decimals: number }): Promise<number | undefined> => {
    const key = keyOf(token)
    const cached = cache.get(key)
    if (cached && now() - cached.at < cacheMs) return cached.value
    if (cache.size >= MAX_ENTRIES) cache.clear()
    const entry: { at: number; value: Promise<number | undefined>; settled?: number | undefined } = {
      at: now(),
      value: fromChain(token),
    }
    entry.value.then(
      (value) => {
        entry.settled = value
      },
      // A failed read is not kept: the next caller asks the chain again.
      () => {
        if (cache.get(key) === entry) cache.delete(key)
      },
    )
    cache.set(key, entry)
    return entry.value
  }

  return {
    price,
    async prepare(tokens) {
      await Promise.allSettled(tokens.map((token) => price(token)))
    },
    getPrice(token) {
      const cached = cache.get(keyOf(token))
      return cached?.settled ?? fallback.getPrice(token)
    },
  }
}
