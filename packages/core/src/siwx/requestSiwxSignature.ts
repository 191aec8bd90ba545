import {
  ApiRequestError,
  type ApiRequestErrorType,
  ServerUnavailableError,
  type ServerUnavailableErrorType,
} from '../api/clientErrors.js'
import { createCancellation } from '../cancellation.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import { asProviderError } from '../errors/asProviderError.js'
import {
  BaseError,
  type BaseErrorType,
  type ProviderRequestErrorType,
  type ProviderTimeoutErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import { MESSAGES, type Notice, toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { withTimeout } from '../timeout.js'
import { setSiwxState } from './checkSiwx.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError, type SiwxTimeoutErrorType } from './siwxTimeout.js'
import type { SiwxSession } from './types.js'

/** Shown when the sign-in server cannot be reached while signing in. */
export const SIWX_SERVER_UNAVAILABLE_MESSAGE = MESSAGES.siwxServerUnavailable

/** SPEC §8 'SIWX is not enabled': sign-in was asked for without a `siwx` config. */
export class SiwxNotEnabledError extends BaseError {
  override name = 'SiwxNotEnabledError' as const
  constructor() {
    super(MESSAGES.siwxNotEnabled)
  }
}
export type SiwxNotEnabledErrorType = SiwxNotEnabledError & { name: 'SiwxNotEnabledError' }

/** SPEC §5 sign-in prerequisites: an active address, an active network and a connection client. */
export class SiwxPrerequisiteError extends BaseError {
  override name = 'SiwxPrerequisiteError' as const
  constructor(
    message:
      | typeof MESSAGES.noActiveCaipAddress
      | typeof MESSAGES.noActiveNetworkOrClient
      | typeof MESSAGES.noConnectionClient,
  ) {
    super(message)
  }
}
export type SiwxPrerequisiteErrorType = SiwxPrerequisiteError & { name: 'SiwxPrerequisiteError' }

export type RequestSiwxSignatureReturnType = { session: SiwxSession }
/**
 * What `requestSiwxSignature` rejects with: sign-in is not configured or has no account, network
 * or client to sign with; the visitor declined in the wallet (EIP-1193 4001) or the wallet failed
 * or did not answer; the site's sign-in storage refused, could not be reached or did not answer
 * (`ApiRequestError`, `ServerUnavailableError`, `SiwxTimeoutError`); the attempt was abandoned
 * (`cancelSiwx`, an account change) or replaced.
 */
export type RequestSiwxSignatureErrorType =
  | SiwxNotEnabledErrorType
  | SiwxPrerequisiteErrorType
  | UserRejectedRequestErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | ApiRequestErrorType
  | ServerUnavailableErrorType
  | SiwxTimeoutErrorType
  | RequestCancelledErrorType
  | BaseErrorType

/**
 * Signs the active account in (SPEC §4): writes the message, asks the wallet to sign it, and
 * hands the session to the storage, which verifies and keeps it. `siwx.status` is `signing`
 * meanwhile, then `signedIn`; a failure leaves `needed` with the SPEC §8 reason in `siwx.error`
 * ('Signature declined', or 'This application might not support Smart Accounts' for a smart
 * account) and is thrown. An attempt abandoned by `cancelSiwx` or an account change rejects with
 * `RequestCancelledError`. It shows no toast and never moves the modal: the modal's `signIn` does.
 *
 * @example
 * try {
 *   const { session } = await requestSiwxSignature(portico)
 * } catch (e) {
 *   const error = e as RequestSiwxSignatureErrorType
 *   if (error.name === 'UserRejectedRequestError') showDeclined()
 * }
 */
export async function requestSiwxSignature(portico: Portico): Promise<RequestSiwxSignatureReturnType> {
  const { state, internal, config } = portico
  const siwx = config.siwx
  if (!siwx) throw new SiwxNotEnabledError()
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const caipAddress = chain?.accountState.caipAddress
  const address = chain?.accountState.address
  if (!namespace || !chain || !caipAddress || !address)
    throw new SiwxPrerequisiteError(MESSAGES.noActiveCaipAddress)
  const network = chain.networkState.caipNetwork
  const adapter = internal.adapters.get(namespace)
  if (!network || !adapter) throw new SiwxPrerequisiteError(MESSAGES.noActiveNetworkOrClient)
  const connectorId = chain.connectorId
  if (!connectorId) throw new SiwxPrerequisiteError(MESSAGES.noConnectionClient)
  const attempt = ++internal.siwxAttempt
  internal.siwxCancel?.()
  const cancellation = createCancellation()
  internal.siwxCancel = cancellation.cancel
  const stillCurrent = () => {
    if (attempt !== internal.siwxAttempt) throw new RequestCancelledError()
  }
  const isSmartAccount = getIsSmartAccount(portico, namespace)
  const properties = { network: network.caipNetworkId, isSmartAccount }
  setSiwxState(portico, { status: 'signing', caipAddress, session: undefined, error: undefined })
  let phase: 'message' | 'wallet' | 'storage' = 'message'
  let session: SiwxSession
  try {
    const storageWait = <T>(promise: Promise<T>, what: string) =>
      withTimeout(promise, SIWX_CHECK_TIMEOUT_MS, () => new SiwxTimeoutError(what, SIWX_CHECK_TIMEOUT_MS))
    const { data, message } = await storageWait(
      siwx.createMessage({ chainId: network.caipNetworkId, accountAddress: address }),
      'writing the message',
    )
    stillCurrent()
    phase = 'wallet'
    // The adapter bounds the wait for the wallet; Cancel stays available meanwhile.
    const signature = await Promise.race([
      adapter.signMessage({ connectorId, address, message }),
      cancellation.promise,
    ])
    stillCurrent()
    phase = 'storage'
    session = { data, message, signature }
    await storageWait(siwx.addSession(session), 'keeping the session')
    stillCurrent()
  } catch (error) {
    if (attempt !== internal.siwxAttempt)
      throw error instanceof RequestCancelledError ? error : new RequestCancelledError({ cause: error })
    internal.siwxCancel = undefined
    internal.logger.warn(`sign-in: failed while ${phase}`, error)
    const message = describeFailure(error, phase, isSmartAccount)
    setSiwxState(portico, { status: 'needed', caipAddress, session: undefined, error: message })
    internal.track({ type: 'track', event: 'SIWX_AUTH_ERROR', properties })
    throw asProviderError(error)
  }
  internal.siwxCancel = undefined
  setSiwxState(portico, { status: 'signedIn', caipAddress, session, error: undefined })
  internal.track({ type: 'track', event: 'SIWX_AUTH_SUCCESS', properties })
  return { session }
}

/** The SPEC §8 text for a failed sign-in; a refusal by the session storage says what it refused. */
function describeFailure(
  error: unknown,
  phase: 'message' | 'wallet' | 'storage',
  isSmartAccount: boolean,
): Notice {
  if (phase === 'wallet' || error instanceof UserRejectedRequestError)
    return { key: isSmartAccount ? 'smartAccountSignFailed' : 'signatureDeclined' }
  if (error instanceof ApiRequestError)
    return { key: 'walletError', params: { message: error.serverMessage } }
  if (error instanceof ServerUnavailableError) return { key: 'siwxServerUnavailable' }
  return toUserMessage(error)
}
