import {
  type AccountName,
  accountNameProblem,
  createAccountNameMessage,
  evmChainIdToCoinType,
} from '../api/accountNames.js'
import { requestApi } from '../api/client.js'
import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import { type SignMessageErrorType, signMessage } from '../connection/signMessage.js'
import type { Portico } from '../portico.js'
import { acceptNameErrorCodes, accountNameCheck } from './nameAnswerChecks.js'
import {
  type AccountNamesUnavailableErrorType,
  InvalidAccountNameError,
  type InvalidAccountNameErrorType,
} from './namesErrors.js'
import { getNamesTarget } from './namesTarget.js'

export type RegisterAccountNameParameters = {
  label: string
  suffix: string
  /** Text records the name answers with (`description`, `url`, …). */
  attributes?: Record<string, string>
}
export type RegisterAccountNameReturnType = AccountName
export type RegisterAccountNameErrorType =
  | AccountNamesUnavailableErrorType
  | InvalidAccountNameErrorType
  | SignMessageErrorType
  | ApiRequestErrorType
  | ServerUnavailableErrorType

/**
 * Registers `label.suffix` for the connected EVM account (SPEC §7 register): the wallet signs the
 * message of name, attributes and timestamp in seconds, and the server checks and stores it with
 * the network's ENSIP-11 coin type. Throws what the wallet or the server refused with (a taken
 * name is `ApiRequestError` with `apiCode` `NAME_TAKEN`).
 * @example
 * const registered = await registerAccountName(portico, { label: 'alice', suffix: 'myshop.eth' })
 */
export async function registerAccountName(
  portico: Portico,
  parameters: RegisterAccountNameParameters,
): Promise<RegisterAccountNameReturnType> {
  const problem = accountNameProblem(parameters.label)
  if (problem) throw new InvalidAccountNameError(parameters.label, problem)
  const target = getNamesTarget(portico)
  const message = createAccountNameMessage({
    name: `${parameters.label.toLowerCase()}.${parameters.suffix}`,
    attributes: parameters.attributes ?? {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const signature = await signMessage(portico, { message, namespace: 'eip155' })
  acceptNameErrorCodes()
  return requestApi(portico, {
    method: 'POST',
    path: '/v1/names/register',
    body: { coinType: evmChainIdToCoinType(target.chainId), address: target.address, signature, message },
    schema: accountNameCheck,
  })
}
