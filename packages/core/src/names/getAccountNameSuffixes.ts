import type { AccountNameSuffixes } from '../api/accountNames.js'
import { requestApi } from '../api/client.js'
import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import type { Portico } from '../portico.js'
import { acceptNameErrorCodes, accountNameSuffixesCheck } from './nameAnswerChecks.js'

export type GetAccountNameSuffixesReturnType = AccountNameSuffixes
export type GetAccountNameSuffixesErrorType = ApiRequestErrorType | ServerUnavailableErrorType

/**
 * The suffixes the site's project registers names under (`GET /v1/names/suffixes`); a project
 * without any is refused with `apiCode` `NAMES_NOT_CONFIGURED`.
 * @example
 * const { suffixes } = await getAccountNameSuffixes(portico)
 */
export function getAccountNameSuffixes(portico: Portico): Promise<GetAccountNameSuffixesReturnType> {
  acceptNameErrorCodes()
  return requestApi(portico, { path: '/v1/names/suffixes', schema: accountNameSuffixesCheck })
}
