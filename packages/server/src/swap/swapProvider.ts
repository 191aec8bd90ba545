/**
 * What a source of swaps provides: a quote for an amount, and the transaction that carries it out
 * with the provider fee and a minimum output. The server's own on-chain provider (Uniswap pools,
 * `createOnchainSwapProvider`) is the default; a site with a key for an aggregator can add one
 * (`AppDependencies.swapProviders`), and the best quote wins.
 */
import type { SwapRoute } from '@portico/core/api'
import { BaseError } from '@portico/core/errors'
import type { Address, Hex } from 'viem'

/** A token as a provider sees it: `native` or an ERC-20 address, with its decimals. */
export interface SwapAsset {
  address: 'native' | Address
  symbol: string
  decimals: number
}

export interface SwapQuoteRequest {
  /** CAIP-2 `eip155:` id. */
  chainId: string
  from: SwapAsset
  to: SwapAsset
  /** What reaches the pools, base units: the visitor's amount less the provider fee. */
  swapAmount: bigint
  userAddress: Address
}

export interface SwapBuildRequest {
  /** What the visitor spends, base units (swap amount plus fee). */
  amount: bigint
  /** The least the visitor may receive, base units of `to`. */
  minimumOutput: bigint
  /** Unix seconds. */
  deadline: bigint
  /** The visitor's slippage tolerance, percent: what `minimumOutput` was computed with. */
  slippagePercent: number
  /** Paid from the source token in the same transaction; absent when none is charged. */
  fee?: { amount: bigint; recipient: Address }
  userAddress: Address
}

export interface SwapTransactionRequest {
  to: Address
  data: Hex
  /** Wei sent with the call (the source amount for a native source). */
  value: bigint
}

export interface ProviderQuote {
  /** The provider's name, answered as `route.provider`. */
  provider: string
  /** Base units of `to` for the request's `swapAmount`. */
  amountOut: bigint
  /** Percent below the pools' mid price (fees included). */
  priceImpact: number
  route: SwapRoute
  /** The contract the visitor approves and the transaction calls. */
  spender: Address
  /**
   * The transaction for this very route. An aggregator may ask its API for it (a promise); it must
   * keep `minimumOutput` or reject.
   */
  build(request: SwapBuildRequest): SwapTransactionRequest | Promise<SwapTransactionRequest>
}

export interface SwapProvider {
  readonly name: string
  /** Whether it quotes on this CAIP-2 chain. */
  supports(chainId: string): boolean
  /** Throws `NoSwapRouteError` or `InsufficientSwapLiquidityError` when it cannot quote. */
  quote(request: SwapQuoteRequest): Promise<ProviderQuote>
}

/** No pool (direct or through the wrapped native token) joins the two tokens. */
export class NoSwapRouteError extends BaseError {
  override name = 'NoSwapRouteError' as const
}
export type NoSwapRouteErrorType = NoSwapRouteError & { name: 'NoSwapRouteError' }

/** Pools join the two tokens but none can fill the amount. */
export class InsufficientSwapLiquidityError extends BaseError {
  override name = 'InsufficientSwapLiquidityError' as const
}
export type InsufficientSwapLiquidityErrorType = InsufficientSwapLiquidityError & {
  name: 'InsufficientSwapLiquidityError'
}

/**
 * A provider's own service failed or answered what cannot be trusted (an aggregator's API refused
 * the key, timed out, or built a transaction that does not keep the minimum): answered 502
 * `UPSTREAM_ERROR` when no other provider quotes.
 */
export class SwapProviderError extends BaseError {
  override name = 'SwapProviderError' as const
  constructor(
    readonly provider: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(`${provider}: ${message}`, options)
  }
}
export type SwapProviderErrorType = SwapProviderError & { name: 'SwapProviderError' }
