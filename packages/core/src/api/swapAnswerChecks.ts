/**
 * The swap routes' answers checked by hand: the same rules as the zod schemas of `swapSchemas.ts`,
 * which the server builds its answers from, so the swap views download no zod.
 * `swapAnswerChecks.test.ts` holds each check to its schema on generated good and bad answers.
 */
import { CAIP2_PATTERN } from '../network/caip.js'
import {
  arrayOf,
  boolean,
  MalformedValueError,
  nullable,
  number,
  object,
  oneOf,
  parser,
  type SafeParser,
  string,
  stringWhere,
  type ValueCheck,
} from '../valueCheck.js'
import { NATIVE_TOKEN } from './swapConstants.js'
import type {
  SwapAllowanceResponse,
  SwapApproveResponse,
  SwapCalldataResponse,
  SwapGasPriceResponse,
  SwapPricesResponse,
  SwapQuote,
  SwapQuoteResponse,
  SwapToken,
  SwapTokensResponse,
  SwapTransaction,
} from './swapSchemas.js'

const matching = (pattern: RegExp) => stringWhere((value) => pattern.test(value))
const caipNetworkId = matching(CAIP2_PATTERN)
const evmAddress = matching(/^0x[0-9a-fA-F]{40}$/)
const decimalString = matching(/^\d+(\.\d+)?$/)
const integerString = matching(/^\d+$/)
const tokenId: ValueCheck<string> = (value, path) =>
  value === NATIVE_TOKEN ? NATIVE_TOKEN : evmAddress(value, path)

/** A number that passes `test`, finite like zod's. */
const numberWhere =
  (test: (value: number) => boolean): ValueCheck<number> =>
  (value, path = '') => {
    const checked = number(value, path)
    if (!test(checked)) throw new MalformedValueError(path)
    return checked
  }

const swapToken: ValueCheck<SwapToken> = object(
  {
    address: tokenId,
    chainId: caipNetworkId,
    name: string,
    symbol: string,
    decimals: numberWhere((value) => Number.isInteger(value) && value >= 0 && value <= 36),
  },
  { iconUrl: string, balance: decimalString, price: number },
)

const swapQuote: ValueCheck<SwapQuote> = object(
  {
    from: tokenId,
    to: tokenId,
    fromAmount: decimalString,
    swapAmount: decimalString,
    toAmount: decimalString,
    minimumReceived: decimalString,
    slippage: number,
    priceImpact: number,
    route: object({
      provider: string,
      path: arrayOf(evmAddress),
      pools: arrayOf(object({ protocol: oneOf(['v2', 'v3']), address: evmAddress }, { fee: number })),
    }),
    spender: evmAddress,
  },
  {
    providerFee: object({
      rate: numberWhere((value) => value >= 0 && value <= 100),
      amount: decimalString,
      recipient: evmAddress,
    }),
  },
)

const swapTransaction: ValueCheck<SwapTransaction> = object({
  from: evmAddress,
  to: evmAddress,
  data: matching(/^0x([0-9a-fA-F]{2})*$/),
  value: integerString,
  eip155: object({ gas: integerString, gasPrice: integerString }),
})

export const swapTokensResponseCheck: SafeParser<SwapTokensResponse> = parser(
  object({ tokens: arrayOf(swapToken) }),
)
export const swapPricesResponseCheck: SafeParser<SwapPricesResponse> = parser(
  object({ prices: arrayOf(object({ address: tokenId }, { price: number })) }),
)
export const swapQuoteResponseCheck: SafeParser<SwapQuoteResponse> = parser(
  object({ quotes: arrayOf(swapQuote) }),
)
export const swapAllowanceResponseCheck: SafeParser<SwapAllowanceResponse> = parser(
  object({ spender: evmAddress, allowance: nullable(decimalString) }, { sufficient: boolean }),
)
export const swapApproveResponseCheck: SafeParser<SwapApproveResponse> = parser(
  object({ tx: swapTransaction, allowance: nullable(decimalString) }),
)
export const swapCalldataResponseCheck: SafeParser<SwapCalldataResponse> = parser(
  object({ tx: swapTransaction, quote: swapQuote, deadline: numberWhere(Number.isInteger) }),
)
export const swapGasPriceResponseCheck: SafeParser<SwapGasPriceResponse> = parser(
  object({ standard: integerString, fast: integerString, instant: integerString }),
)
