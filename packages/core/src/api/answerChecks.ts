/**
 * The server answers core's main entry reads, checked by hand (see `valueCheck.ts`): the same rules
 * as the zod schemas of `schemas.ts`, which the server builds its answers from, and
 * `answerChecks.test.ts` holds each check to its schema's answers on generated values.
 */
import { CAIP2_PATTERN } from '../network/caip.js'
import {
  arrayOf,
  number,
  object,
  oneOf,
  parser,
  string,
  stringWhere,
  type ValueCheck,
} from '../valueCheck.js'
import type { ApiErrorCode } from './allApiErrorCodes.js'
import { PAGE_API_ERROR_CODES } from './apiErrorCodes.js'
import type { ApiError, TokenBalance } from './schemas.js'

export const caipNetworkId = stringWhere((value) => CAIP2_PATTERN.test(value))

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

// The codes a refusal may carry: those of the first load, and those a feature's code adds once it
// is loaded (a feature's routes are only asked by its code). Read at each check.
const acceptedCodes: ApiErrorCode[] = [...PAGE_API_ERROR_CODES]

/** Lets refusals carry `codes` from now on (a feature's own codes, added when its code loads). */
export function acceptApiErrorCodes(codes: readonly ApiErrorCode[]): void {
  for (const code of codes) if (!acceptedCodes.includes(code)) acceptedCodes.push(code)
}

export const apiErrorCheck = parser<ApiError>(
  object({ error: object({ code: oneOf(acceptedCodes), message: string }) }),
)
