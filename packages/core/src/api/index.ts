// `@portico/core/api`: the server contract, shared by the client and `@portico/server`.
export type {
  ApiError,
  ApiErrorCode,
  BalanceResponse,
  HistoryResponse,
  TokenBalance,
  Transaction,
  Transfer,
} from './schemas.js'
export {
  API_ERROR_CODES,
  apiErrorSchema,
  balanceResponseSchema,
  caipNetworkIdSchema,
  decimalStringSchema,
  historyResponseSchema,
  tokenBalanceSchema,
  transactionSchema,
  transferSchema,
} from './schemas.js'
