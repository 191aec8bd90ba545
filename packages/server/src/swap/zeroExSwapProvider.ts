/**
 * A swap provider that speaks the 0x Swap API v2 with AllowanceHolder (docs.0x.org, "Swap API":
 * `GET /swap/allowance-holder/price` for an indicative price, `GET /swap/allowance-holder/quote`
 * for the transaction), for a site with a 0x API key. It is also the example of an aggregator
 * behind the `SwapProvider` interface: quote with the aggregator's price, build with its quote, and
 * refuse a transaction that does not keep what the server promised (the minimum output, the amount
 * sold, the contract approved).
 */
import { type Address, getAddress, isAddressEqual } from 'viem'
import * as z from 'zod/mini'
import {
  InsufficientSwapLiquidityError,
  type ProviderQuote,
  type SwapAsset,
  type SwapProvider,
  SwapProviderError,
  type SwapQuoteRequest,
} from './swapProvider.js'

/** How the 0x API names a chain's native currency. */
export const ZERO_EX_NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
/**
 * 0x's AllowanceHolder (the same address on the chains 0x lists for Cancun): the spender named when
 * the API names none, as for a native source, which needs no approval.
 */
export const ZERO_EX_ALLOWANCE_HOLDER: Address = '0x0000000000001fF3684f28c67538d4D072C22734'

const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const integer = z.string().check(z.regex(/^\d+$/))

/** The fields of a price or quote answer this provider reads (the API sends more). */
const priceSchema = z.union([
  z.object({ liquidityAvailable: z.literal(false) }),
  z.object({
    liquidityAvailable: z.literal(true),
    buyAmount: integer,
    minBuyAmount: integer,
    sellAmount: integer,
    allowanceTarget: z.optional(z.nullable(address)),
    issues: z.optional(
      z.object({ allowance: z.optional(z.nullable(z.object({ actual: integer, spender: address }))) }),
    ),
    route: z.optional(
      z.object({
        fills: z.array(z.object({ from: address, to: address, source: z.string() })),
        tokens: z.array(z.object({ address, symbol: z.optional(z.string()) })),
      }),
    ),
  }),
])
const quoteSchema = z.union([
  z.object({ liquidityAvailable: z.literal(false) }),
  z.object({
    liquidityAvailable: z.literal(true),
    buyAmount: integer,
    minBuyAmount: integer,
    sellAmount: integer,
    transaction: z.object({
      to: address,
      data: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/)),
      value: integer,
    }),
  }),
])

export interface ZeroExSwapProviderOptions {
  /** From dashboard.0x.org; sent as the `0x-api-key` header. */
  apiKey: string
  /** The chains it quotes on, CAIP-2 id → the API's numeric `chainId`. */
  chains: Readonly<Record<string, number>>
  /** Defaults to `https://api.0x.org`. */
  baseUrl?: string
  /** Per request; defaults to 10 s. */
  timeoutMs?: number
  /** Answered as `route.provider`; defaults to `0x`. */
  name?: string
  fetch?: typeof fetch
}

/**
 * @example
 * const zeroEx = createZeroExSwapProvider({ apiKey: process.env.ZEROEX_KEY!, chains: { 'eip155:1': 1 } })
 * await startServer(config, { swapProviders: [zeroEx] })
 */
export function createZeroExSwapProvider(options: ZeroExSwapProviderOptions): SwapProvider {
  const name = options.name ?? '0x'
  const baseUrl = (options.baseUrl ?? 'https://api.0x.org').replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000
  const fetcher = options.fetch ?? fetch

  const tokenOf = (asset: SwapAsset): Address =>
    asset.address === 'native' ? ZERO_EX_NATIVE_TOKEN : getAddress(asset.address)

  const ask = async <T>(
    path: 'price' | 'quote',
    query: Record<string, string | undefined>,
    schema: z.ZodMiniType<T>,
  ): Promise<T> => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value)
    let response: Response
    try {
      response = await fetcher(`${baseUrl}/swap/allowance-holder/${path}?${search}`, {
        headers: { '0x-api-key': options.apiKey, '0x-version': 'v2', accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw new SwapProviderError(name, `the API did not answer (${(error as Error).name}).`, {
        cause: error,
      })
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const reason = (body as { name?: unknown; message?: unknown } | undefined) ?? {}
      throw new SwapProviderError(
        name,
        `the API answered ${response.status} ${typeof reason.name === 'string' ? reason.name : ''} ${typeof reason.message === 'string' ? reason.message.slice(0, 200) : ''}`.trim(),
      )
    }
    const parsed = z.safeParse(schema, body)
    if (!parsed.success)
      throw new SwapProviderError(name, `the API's ${path} answer has not the documented shape.`)
    return parsed.data
  }

  return {
    name,
    supports: (chainId) => options.chains[chainId] !== undefined,
    async quote(request: SwapQuoteRequest): Promise<ProviderQuote> {
      const chainId = options.chains[request.chainId]
      if (chainId === undefined) throw new SwapProviderError(name, `no swaps on ${request.chainId}.`)
      const sellToken = tokenOf(request.from)
      const buyToken = tokenOf(request.to)
      const price = await ask(
        'price',
        {
          chainId: String(chainId),
          sellToken,
          buyToken,
          sellAmount: String(request.swapAmount),
          taker: request.userAddress,
        },
        priceSchema,
      )
      if (!price.liquidityAvailable) {
        throw new InsufficientSwapLiquidityError(
          `${name} has no liquidity for ${request.from.symbol} → ${request.to.symbol}.`,
        )
      }
      const amountOut = BigInt(price.buyAmount)
      const spender = getAddress(
        price.allowanceTarget ?? price.issues?.allowance?.spender ?? ZERO_EX_ALLOWANCE_HOLDER,
      )
      const tokens = price.route?.tokens.map((token) => getAddress(token.address)) ?? [sellToken, buyToken]
      return {
        provider: name,
        amountOut,
        // The API gives no price impact against a mid price; none is claimed.
        priceImpact: 0,
        route: { provider: name, path: tokens, pools: [] },
        spender,
        async build(build) {
          const slippageBps = Math.floor(build.slippagePercent * 100)
          const fee = build.fee
          const quote = await ask(
            'quote',
            {
              chainId: String(chainId),
              sellToken,
              buyToken,
              sellAmount: String(build.amount),
              taker: build.userAddress,
              slippageBps: String(slippageBps),
              ...(fee
                ? {
                    swapFeeRecipient: fee.recipient,
                    // The fee as a share of what is sold, in basis points (0x's unit), the source token.
                    swapFeeBps: String((fee.amount * 10_000n) / build.amount),
                    swapFeeToken: sellToken,
                  }
                : {}),
            },
            quoteSchema,
          )
          if (!quote.liquidityAvailable) {
            throw new InsufficientSwapLiquidityError(`${name} no longer has liquidity for this swap.`)
          }
          const { transaction } = quote
          const native = request.from.address === 'native'
          // What the server promised the visitor: this amount sold, no less than the minimum
          // received, and for a token the very contract the visitor approved.
          if (BigInt(quote.sellAmount) !== build.amount) {
            throw new SwapProviderError(name, `the quote sells ${quote.sellAmount}, not ${build.amount}.`)
          }
          if (BigInt(quote.minBuyAmount) < build.minimumOutput) {
            throw new SwapProviderError(
              name,
              `the quote's minimum ${quote.minBuyAmount} is below the ${build.minimumOutput} promised; quote again.`,
            )
          }
          if (!native && !isAddressEqual(transaction.to as Address, spender)) {
            throw new SwapProviderError(
              name,
              `the transaction calls ${transaction.to}, not the approved ${spender}.`,
            )
          }
          const value = BigInt(transaction.value)
          if (value !== (native ? build.amount : 0n)) {
            throw new SwapProviderError(
              name,
              `the transaction sends ${value} wei, not what this swap spends.`,
            )
          }
          return { to: getAddress(transaction.to), data: transaction.data as `0x${string}`, value }
        },
      }
    },
  }
}
