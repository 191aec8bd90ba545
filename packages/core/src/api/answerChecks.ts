/**
 * The server answers core's main entry reads, checked by hand (see `valueCheck.ts`): the same rules
 * as the zod schemas of `schemas.ts`, which the server builds its answers from, and
 * `answerChecks.test.ts` holds each check to its schema's answers on generated values.
 */
import { CAIP2_PATTERN } from '../network/caip.js'
import {
  arrayOf,
  boolean,
  nullable,
  number,
  object,
  oneOf,
  parser,
  string,
  stringWhere,
  type ValueCheck,
} from '../valueCheck.js'
import { API_ERROR_CODES } from './apiErrorCodes.js'
import type { ApiError, HistoryResponse, TokenBalance } from './schemas.js'

const caipNetworkId = stringWhere((value) => CAIP2_PATTERN.test(value))

/** A decimal number written out exactly, e.g. `"1234.5"`; never exponent notation. */
export const decimalString = stringWhere((value) => /^\d+(\.\d+)?$/.test(value))

export const tokenBalance: ValueCheck<TokenBalance> = object(
  {
    name: string,
    symbol: string,
    chainId: caipNetworkId,
    value: number,
    price: number,
    quantity: object({ decimals: stringWhere((value) => /^\d{1,2}$/.test(value)), numeric: decimalString }),
  },
  { address: string, iconUrl: string },
)

export const balanceResponseCheck = parser(object({ balances: arrayOf(tokenBalance) }))

const transfer = object(
  { direction: oneOf(['in', 'out', 'self']), quantity: object({ numeric: decimalString }) },
  {
    fungible_info: object(
      { name: string, symbol: string },
      { address: string, icon: object({ url: string }) },
    ),
    nft_info: object(
      { flags: object({ is_spam: boolean }) },
      { name: string, address: string, token_id: string, picture: string },
    ),
    value: number,
    price: number,
  },
)

const transaction = object({
  id: string,
  metadata: object(
    {
      operationType: oneOf(['send', 'receive', 'execute', 'mint', 'burn', 'approve']),
      hash: string,
      minedAt: string,
      sentFrom: string,
      sentTo: string,
      status: oneOf(['confirmed', 'failed', 'pending']),
      nonce: number,
      chain: caipNetworkId,
    },
    {
      onramp: object({ provider: string, status: oneOf(['pending', 'complete', 'failed']) }),
    },
  ),
  transfers: arrayOf(transfer),
})

export const historyResponseCheck = parser<HistoryResponse>(
  object({ data: arrayOf(transaction), next: nullable(string) }),
)

export const apiErrorCheck = parser<ApiError>(
  object({ error: object({ code: oneOf(API_ERROR_CODES), message: string }) }),
)
