/**
 * The swap routes of a Portico server (`/v1/swap/*`, SPEC §7 "Wallet provider API": token list,
 * token price, quote, allowance, approve calldata, swap calldata, gas price). The server quotes
 * on-chain pools itself (Uniswap V2 and V3) and builds the router's calldata; the modal reads these
 * answers into its swap state (SPEC §3). Imports only zod and import-free modules. The server
 * builds its answers from these; core checks them by hand (`swapAnswerChecks.ts`), so the swap
 * views download no zod.
 *
 * Every route is a GET with the project's `projectId` and a CAIP-2 `chainId` (an `eip155:` chain
 * the server has swaps for; any other is refused with `UNSUPPORTED_CHAIN`). Conventions:
 * - A token is named by its contract address (`0x…`, any case) or the literal `native` for the
 *   chain's own currency; answers write addresses checksummed.
 * - Amounts of tokens are decimal strings in whole tokens (`"1.5"`), exact, as the balances are.
 * - Transaction fields (`value`, `gas`, `gasPrice`) are decimal strings of base units (wei).
 * - USD prices are numbers, display-only.
 * Refusals (`apiErrorSchema`): `UNSUPPORTED_CHAIN`, `UNKNOWN_TOKEN` (not on the chain's swap token
 * list), `INVALID_AMOUNT` (not a positive amount the token's decimals can hold), `NO_ROUTE` (no
 * pool joins the two tokens), `INSUFFICIENT_LIQUIDITY` (pools exist but cannot fill the amount),
 * `BAD_REQUEST` (any other malformed parameter); the chain's node failing is `UPSTREAM_ERROR`
 * (502), or `UPSTREAM_TIMEOUT` (504) when it does not answer in time.
 */
import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../network/caip.js'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const caipNetworkId = z.string().check(z.regex(CAIP2_PATTERN))
const evmAddress = z.string().check(z.regex(EVM_ADDRESS))
/** Whole tokens, exact: `"1"`, `"0.25"`. */
const decimalString = z.string().check(z.regex(/^\d+(\.\d+)?$/))
/** A non-negative integer of base units (wei), in decimal. */
const integerString = z.string().check(z.regex(/^\d+$/))

import { NATIVE_TOKEN } from './swapConstants.js'

export { DEFAULT_SWAP_SLIPPAGE_PERCENT, NATIVE_TOKEN, SWAP_GAS_LIMIT_ESTIMATE } from './swapConstants.js'

/** A token: its `0x` contract address, or `native` for the chain's own currency. */
export const swapTokenIdSchema = z.union([z.literal(NATIVE_TOKEN), evmAddress])
export type SwapTokenId = z.infer<typeof swapTokenIdSchema>

/** The query every swap route takes. */
const chainQuery = {
  projectId: z.string(),
  chainId: caipNetworkId,
}

/** A slippage tolerance in percent, as a query parameter: more than 0, at most 50 (`"0.5"`, `"1"`). */
export const swapSlippageSchema = z.string().check(
  z.regex(/^\d{1,2}(\.\d{1,2})?$/),
  z.refine((value) => Number(value) > 0 && Number(value) <= 50, 'between 0 (excluded) and 50 percent'),
)

/** A token on a chain's swap list (SPEC §3 swap state: address, symbol, decimals). */
export const swapTokenSchema = z.object({
  /** Checksummed `0x` address, or `native`. */
  address: swapTokenIdSchema,
  chainId: caipNetworkId,
  name: z.string(),
  symbol: z.string(),
  decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
  iconUrl: z.optional(z.string()),
  /** The visitor's balance in whole tokens; present when the request named `address`. */
  balance: z.optional(decimalString),
  /** USD price of one token, when the server knows one. */
  price: z.optional(z.number()),
})
export type SwapToken = z.infer<typeof swapTokenSchema>

/** `GET /v1/swap/networks?projectId`: the chains this server quotes swaps on. */
export const swapNetworksQuerySchema = z.object({ projectId: z.string() })
export const swapNetworksResponseSchema = z.object({ networks: z.array(caipNetworkId) })
export type SwapNetworksResponse = z.infer<typeof swapNetworksResponseSchema>

/**
 * `GET /v1/swap/tokens?projectId&chainId[&address]`: the chain's swap tokens (the native currency
 * first, then the configured ones), plus the tokens the visitor at `address` holds that the server
 * knows. With `address`, each token carries the visitor's `balance`.
 */
export const swapTokensQuerySchema = z.object({
  ...chainQuery,
  address: z.optional(evmAddress),
})
export type SwapTokensQuery = z.infer<typeof swapTokensQuerySchema>
export const swapTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })
export type SwapTokensResponse = z.infer<typeof swapTokensResponseSchema>

/**
 * `GET /v1/swap/prices?projectId&chainId&tokens=native,0x…` (SPEC §7 token price): USD prices,
 * from pool prices against the chain's quote token (cached) or the server's static table. A
 * token with no price is answered without `price`. At most 50 tokens a request.
 */
export const swapPricesQuerySchema = z.object({
  ...chainQuery,
  /** Comma-separated token ids. */
  tokens: z.string().check(z.minLength(1)),
})
export type SwapPricesQuery = z.infer<typeof swapPricesQuerySchema>
export const swapPricesResponseSchema = z.object({
  prices: z.array(z.object({ address: swapTokenIdSchema, price: z.optional(z.number()) })),
})
export type SwapPricesResponse = z.infer<typeof swapPricesResponseSchema>

/**
 * The parameters of a quote and of swap calldata (SPEC §7: userAddress, from, to, amount). `amount`
 * is what the visitor spends, in whole `from` tokens, the provider fee included.
 */
export const swapQuoteQuerySchema = z.object({
  ...chainQuery,
  userAddress: evmAddress,
  from: swapTokenIdSchema,
  to: swapTokenIdSchema,
  amount: decimalString,
  /** Percent; SPEC §9's 1 when omitted. */
  slippage: z.optional(swapSlippageSchema),
  /** Accepted for SPEC §7's shape and ignored: the server reads the chain's own. */
  gasPrice: z.optional(z.string()),
})
export type SwapQuoteQuery = z.infer<typeof swapQuoteQuerySchema>

/** The provider fee (SPEC §9: 0.85% of the source amount), taken in the source token. */
export const swapProviderFeeSchema = z.object({
  /** Percent of the source amount, e.g. 0.85. */
  rate: z.number().check(z.gte(0), z.lte(100)),
  /** Whole source tokens. */
  amount: decimalString,
  /** Who receives it. */
  recipient: evmAddress,
})
export type SwapProviderFee = z.infer<typeof swapProviderFeeSchema>

/** How a quote's tokens are exchanged: the pools in order, each by protocol. */
export const swapRouteSchema = z.object({
  /** The provider that quoted (`onchain` for the server's own pool quoting). */
  provider: z.string(),
  /** Token addresses from source to target (the wrapped native token stands for `native`). */
  path: z.array(evmAddress),
  /** One entry per pool: `v2`, or `v3` with its fee tier in hundredths of a basis point (500, 3000…). */
  pools: z.array(
    z.object({ protocol: z.enum(['v2', 'v3']), fee: z.optional(z.number()), address: evmAddress }),
  ),
})
export type SwapRoute = z.infer<typeof swapRouteSchema>

export const swapQuoteSchema = z.object({
  from: swapTokenIdSchema,
  to: swapTokenIdSchema,
  /** What the visitor spends, whole `from` tokens (the request's amount). */
  fromAmount: decimalString,
  /** What reaches the pools: `fromAmount` less the provider fee. */
  swapAmount: decimalString,
  /** What the visitor receives at the quoted price, whole `to` tokens (SPEC §7 reads quotes[0].toAmount). */
  toAmount: decimalString,
  /** The least the swap calldata accepts: `toAmount` less the slippage tolerance. */
  minimumReceived: decimalString,
  /** The tolerance applied, percent. */
  slippage: z.number(),
  /** How much worse than the pools' current price this amount trades, percent (pool fees included). */
  priceImpact: z.number(),
  /** Absent when the project charges none. */
  providerFee: z.optional(swapProviderFeeSchema),
  route: swapRouteSchema,
  /** The contract the approval must allow (the router, or the provider's allowance contract). */
  spender: evmAddress,
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>

/** `GET /v1/swap/quote?…` (swapQuoteQuerySchema): the best route first. */
export const swapQuoteResponseSchema = z.object({ quotes: z.array(swapQuoteSchema) })
export type SwapQuoteResponse = z.infer<typeof swapQuoteResponseSchema>

/**
 * `GET /v1/swap/allowance?projectId&chainId&token&userAddress[&amount][&spender]`: what `spender`
 * (the quote's, which may be an aggregator's contract; the server's router when omitted) may
 * spend of the visitor's `token`. The native currency needs no approval: its allowance is null.
 */
export const swapAllowanceQuerySchema = z.object({
  ...chainQuery,
  token: swapTokenIdSchema,
  userAddress: evmAddress,
  /** The quote's `spender`. */
  spender: z.optional(evmAddress),
  /** Whole tokens the visitor means to spend; the answer then says whether the allowance covers it. */
  amount: z.optional(decimalString),
})
export type SwapAllowanceQuery = z.infer<typeof swapAllowanceQuerySchema>
export const swapAllowanceResponseSchema = z.object({
  spender: evmAddress,
  /** Whole tokens; null for the native currency. */
  allowance: z.nullable(decimalString),
  /** Present when the request named `amount`. */
  sufficient: z.optional(z.boolean()),
})
export type SwapAllowanceResponse = z.infer<typeof swapAllowanceResponseSchema>

/** A transaction for the visitor's wallet to send (SPEC §3: data, to, gas, gasPrice, value). */
export const swapTransactionSchema = z.object({
  from: evmAddress,
  to: evmAddress,
  data: z.string().check(z.regex(/^0x([0-9a-fA-F]{2})*$/)),
  /** Wei. */
  value: integerString,
  eip155: z.object({ gas: integerString, gasPrice: integerString }),
})
export type SwapTransaction = z.infer<typeof swapTransactionSchema>

/**
 * `GET /v1/swap/approve?projectId&chainId&from&to&amount&userAddress` (SPEC §7 approve calldata):
 * `approve(router, amount)` on the `from` token, for exactly `amount` (the provider fee included)
 * unless the server allows unlimited approvals. Refused for `native` (`BAD_REQUEST`). A
 * Tether-style token refuses to change one non-zero allowance into another: then the answer is
 * `approve(router, 0)` with `allowance: "0"`, and once it is mined the allowance is still short,
 * so asking again (as after any approval) gives the approval of the amount.
 */
export const swapApproveQuerySchema = z.object({
  ...chainQuery,
  userAddress: evmAddress,
  from: swapTokenIdSchema,
  to: swapTokenIdSchema,
  amount: decimalString,
})
export type SwapApproveQuery = z.infer<typeof swapApproveQuerySchema>
export const swapApproveResponseSchema = z.object({
  tx: swapTransactionSchema,
  /** Whole tokens the approval allows; null when unlimited. */
  allowance: z.nullable(decimalString),
})
export type SwapApproveResponse = z.infer<typeof swapApproveResponseSchema>

/**
 * `GET /v1/swap/calldata?…` (swapQuoteQuerySchema; SPEC §7 swap calldata): the router call that
 * swaps with the quote's route, takes the provider fee, refuses less than `minimumReceived` and
 * expires at `deadline`. `tx.eip155.gas` is the node's estimate with a margin when it can make one
 * (it cannot before the approval), otherwise a per-route allowance.
 */
export const swapCalldataQuerySchema = swapQuoteQuerySchema
export type SwapCalldataQuery = SwapQuoteQuery
export const swapCalldataResponseSchema = z.object({
  tx: swapTransactionSchema,
  quote: swapQuoteSchema,
  /** Unix seconds after which the router refuses the transaction. */
  deadline: z.number().check(z.int()),
})
export type SwapCalldataResponse = z.infer<typeof swapCalldataResponseSchema>

/** `GET /v1/swap/gas-price?projectId&chainId` (SPEC §7 gas price; the modal reads `standard`): wei. */
export const swapGasPriceQuerySchema = z.object(chainQuery)
export const swapGasPriceResponseSchema = z.object({
  standard: integerString,
  fast: integerString,
  instant: integerString,
})
export type SwapGasPriceResponse = z.infer<typeof swapGasPriceResponseSchema>
