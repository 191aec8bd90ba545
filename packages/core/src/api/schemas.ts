/**
 * The HTTP contract between the modal and a Portico server, as zod schemas: the server builds its
 * responses from them, and the client checks every response against the same rules by hand
 * (`answerChecks.ts`, tested against these schemas) so that its page does not load zod. Imports
 * only zod and the import-free CAIP and error-code modules, so the server can use it without
 * pulling in any client code (`@portico/core/api`).
 *
 * Amounts cross the wire as decimal strings (exact); USD prices and values are numbers, which are
 * display-only.
 */
import * as z from 'zod/mini'
import { CAIP2_PATTERN } from '../network/caip.js'

/** `eip155:1` and the like (CAIP-2). */
export const caipNetworkIdSchema = z.string().check(z.regex(CAIP2_PATTERN))

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
      /** The token's picture (https, or a raster data: URI), shown through `<img>` only. */
      picture: z.optional(z.string()),
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
    /**
     * Set on a card purchase (asked for with `onramp=true`): which provider sold it and where it
     * stands; the crypto bought is an incoming transfer once the provider said how much.
     */
    onramp: z.optional(
      z.object({
        provider: z.string(),
        status: z.enum(['pending', 'complete', 'failed']),
      }),
    ),
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

// In a module of its own, without zod, so the client's checks read it without loading zod.
export { API_ERROR_CODES, type ApiErrorCode } from './allApiErrorCodes.js'
export { SOCIAL_API_ERROR_CODES } from './socialApiErrorCodes.js'

import { API_ERROR_CODES } from './allApiErrorCodes.js'
import { SOCIAL_API_ERROR_CODES } from './socialApiErrorCodes.js'

/** The body of every non-2xx response (the RPC proxy answers JSON-RPC errors in JSON-RPC form). */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.enum([...API_ERROR_CODES, ...SOCIAL_API_ERROR_CODES]), message: z.string() }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** The fields of a sign-in message (SPEC §3); ISO 8601 times, CAIP-2 `chainId`. */
export const siwxMessageDataSchema = z.object({
  domain: z.string(),
  accountAddress: z.string(),
  statement: z.optional(z.string()),
  uri: z.string(),
  version: z.literal('1'),
  chainId: caipNetworkIdSchema,
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
})

/** A signed sign-in message as CAIP-74 (CACAO) writes it. */
export const siwxCacaoSchema = z.object({
  h: z.object({ t: z.literal('caip122') }),
  p: z.object({
    domain: z.string(),
    iss: z.string(),
    aud: z.string(),
    version: z.string(),
    nonce: z.string(),
    iat: z.string(),
    nbf: z.optional(z.string()),
    exp: z.optional(z.string()),
    statement: z.optional(z.string()),
    requestId: z.optional(z.string()),
    resources: z.optional(z.array(z.string())),
  }),
  s: z.object({ t: z.string(), s: z.string() }),
})

/** A sign-in session (SPEC §3): data, message, signature, optional cacao. */
export const siwxSessionSchema = z.object({
  data: siwxMessageDataSchema,
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(siwxCacaoSchema),
})

/** `POST {apiUrl}/v1/siwx/nonce?projectId`: a single-use nonce for the next sign-in message. */
export const siwxNonceResponseSchema = z.object({
  nonce: z.string(),
  /** ISO 8601; a session must be created with it before then. */
  expiresAt: z.string(),
})
export type SiwxNonceResponse = z.infer<typeof siwxNonceResponseSchema>

/** `POST {apiUrl}/v1/siwx/sessions?projectId` with `{ message, signature, cacao? }`. */
export const siwxCreateSessionRequestSchema = z.object({
  message: z.string(),
  signature: z.string(),
  cacao: z.optional(siwxCacaoSchema),
})
export type SiwxCreateSessionRequest = z.infer<typeof siwxCreateSessionRequestSchema>

/**
 * The answer to creating a session, and to `GET {apiUrl}/v1/siwx/session?projectId` with
 * `Authorization: Bearer <token>`. The token is returned only when the session is created.
 */
export const siwxSessionResponseSchema = z.object({
  token: z.optional(z.string()),
  session: siwxSessionSchema,
  /** CAIP-10 account the session signs in. */
  account: z.string(),
  /** ISO 8601; the session is refused after it. */
  expiresAt: z.string(),
})
export type SiwxSessionResponse = z.infer<typeof siwxSessionResponseSchema>
