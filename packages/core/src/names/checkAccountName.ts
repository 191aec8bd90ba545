import { type AccountNameAvailability, accountNameProblem } from '../api/accountNames.js'
import { requestApi } from '../api/client.js'
import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import type { Portico } from '../portico.js'
import { acceptNameErrorCodes, accountNameAvailabilityCheck } from './nameAnswerChecks.js'
import { InvalidAccountNameError, type InvalidAccountNameErrorType } from './namesErrors.js'

export type CheckAccountNameParameters = { label: string; suffix: string }
export type CheckAccountNameReturnType = AccountNameAvailability
export type CheckAccountNameErrorType =
  | InvalidAccountNameErrorType
  | ApiRequestErrorType
  | ServerUnavailableErrorType

/**
 * Whether `label.suffix` can be registered, with free names like it when it is taken
 * (`GET /v1/names/available/{name}`). A label breaking SPEC §5 is refused before asking.
 * @example
 * const { available, suggestions } = await checkAccountName(portico, { label: 'alice', suffix: 'myshop.eth' })
 */
export function checkAccountName(
  portico: Portico,
  parameters: CheckAccountNameParameters,
): Promise<CheckAccountNameReturnType> {
  const problem = accountNameProblem(parameters.label)
  if (problem) return Promise.reject(new InvalidAccountNameError(parameters.label, problem))
  const name = `${parameters.label.toLowerCase()}.${parameters.suffix}`
  acceptNameErrorCodes()
  return requestApi(portico, {
    path: `/v1/names/available/${encodeURIComponent(name)}`,
    schema: accountNameAvailabilityCheck,
  })
}
