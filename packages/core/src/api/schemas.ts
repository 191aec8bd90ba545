/**
 * The HTTP contract between the modal and a Portico server, as zod schemas: the server builds its
 * responses from them and the client checks every response against them. Imports only zod, so
 * the server can use it without pulling in any client code (`@portico/core/api`).
 *
 * Amounts cross the wire as decimal strings (exact); USD prices and values are numbers, which are
 * display-only.
 */
import * as z from 'zod/mini'

/** `eip155:1` and the like (CAIP-2). */
export const caipNetworkIdSchema = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))

/** A decimal number written out exactly, e.g. `"1234.5"`; never exponent notation. */
export const decimalStringSchema = z.string().check(z.regex(/^\d+(\.\d+)?$/))

/**
 * A token balance (SPEC §3): name, symbol, chainId, address (absent for the native token), value
 * (USD), price (USD), quantity {decimals, numeric}, iconUrl. `address` is CAIP-10
 * (`eip155:1:0x…`); `quantity.numeric` is the balance in whole tokens, exact;
 * `quantity.decimals` is the token's decimals as a string.
 */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: caipNetworkIdSchema,
  address: z.optional(z.string()),
  value: z.number(),
  price: z.number(),
  quantity: z.object({ decimals: z.string().check(z.regex(/^\d{1,2}$/)), numeric: decimalStringSchema }),
  iconUrl: z.optional(z.string()),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

/** `GET {apiUrl}/v1/account/{address}/balance?projectId&chainId` */
export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof balanceResponseSchema>

export const transferSchema = z.object({
  /** From the account's point of view. */
  direction: z.enum(['in', 'out', 'self']),
  /** Whole tokens, exact. */
  quantity: z.object({ numeric: decimalStringSchema }),
  /** Set for the native token and ERC-20 transfers. */
  fungible_info: z.optional(
    z.object({
      name: z.string(),
      symbol: z.string(),
      /** CAIP-10 token address; absent for the native token. */
      address: z.optional(z.string()),
      icon: z.optional(z.object({ url: z.string() })),
    }),
  ),
  /** Set for NFT transfers; the client drops a transaction whose transfers are all spam NFTs (SPEC §5). */
  nft_info: z.optional(
    z.object({
      name: z.optional(z.string()),
      /** CAIP-10 collection address. */
      address: z.optional(z.string()),
      token_id: z.optional(z.string()),
      flags: z.object({ is_spam: z.boolean() }),
    }),
  ),
  /** USD value at the time of the response, when a price is known. */
  value: z.optional(z.number()),
  price: z.optional(z.number()),
})
export type Transfer = z.infer<typeof transferSchema>

/** A transaction (SPEC §3): id, metadata{minedAt, chain, …}, transfers[]. */
export const transactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.enum(['send', 'receive', 'execute', 'mint', 'burn', 'approve']),
    hash: z.string(),
    /** ISO 8601. */
    minedAt: z.string(),
    sentFrom: z.string(),
    sentTo: z.string(),
    status: z.enum(['confirmed', 'failed', 'pending']),
    nonce: z.number(),
    /** CAIP-2 network of the transaction. */
    chain: caipNetworkIdSchema,
  }),
  transfers: z.array(transferSchema),
})
export type Transaction = z.infer<typeof transactionSchema>

/** `GET {apiUrl}/v1/account/{address}/history?projectId&chainId&cursor` (SPEC §7). */
export const historyResponseSchema = z.object({
  data: z.array(transactionSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next: z.nullable(z.string()),
})
export type HistoryResponse = z.infer<typeof historyResponseSchema>

/**
 * Codes of refused requests. The client maps them to the alerts of SPEC §8:
 * PROJECT_ID_MISSING → 'Project ID Not Configured', INVALID_PROJECT_ID → 'Invalid Project ID',
 * ORIGIN_NOT_ALLOWED → 'Invalid App Configuration'.
 */
export const API_ERROR_CODES = [
  'PROJECT_ID_MISSING',
  'INVALID_PROJECT_ID',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_CHAIN',
  'UPSTREAM_ERROR',
  'UNAVAILABLE',
  'INTERNAL',
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]

/** The body of every non-2xx response (the RPC proxy answers JSON-RPC errors in JSON-RPC form). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum(API_ERROR_CODES), message: z.string() }),
})
export type ApiError = z.infer<typeof apiErrorSchema>
