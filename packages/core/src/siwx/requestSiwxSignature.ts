import { ApiRequestError, ServerUnavailableError } from '../api/clientErrors.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import { BaseError, UserRejectedRequestError } from '../errors/base.js'
import { closeModal } from '../modal/closeModal.js'
import { openModal } from '../modal/openModal.js'
import { MESSAGES, type Notice, toUserMessage } from '../notices/messages.js'
import { showApiAlert } from '../notices/showApiAlert.js'
import { dismissToast, showToast } from '../notices/showToast.js'
import type { Portico } from '../portico.js'
import { withTimeout } from '../timeout.js'
import { setSiwxState } from './checkSiwx.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from './siwxTimeout.js'

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

export type RequestSiwxSignatureReturnType = { signedIn: boolean }
export type RequestSiwxSignatureErrorType = SiwxNotEnabledError | SiwxPrerequisiteError

/**
 * Signs the active account in (SPEC §4): writes the message, asks the wallet to sign it, and
 * hands the session to the storage, which verifies and keeps it. On success the modal closes;
 * on failure SIWXSignMessage shows again with the SPEC §8 toast ('Signature declined', or 'This
 * application might not support Smart Accounts' for a smart account). A result that arrives after
 * `cancelSiwx` or an account change is ignored.
 *
 * @example
 * const { signedIn } = await requestSiwxSignature(portico)
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
  const isSmartAccount = getIsSmartAccount(portico, namespace)
  const properties = { network: network.caipNetworkId, isSmartAccount }
  setSiwxState(portico, { status: 'signing', caipAddress, session: undefined, error: undefined })
  showToast(portico, { message: { key: 'authenticating' }, variant: 'loading' })
  let phase: 'message' | 'wallet' | 'storage' = 'message'
  try {
    const storageWait = <T>(promise: Promise<T>, what: string) =>
      withTimeout(promise, SIWX_CHECK_TIMEOUT_MS, () => new SiwxTimeoutError(what, SIWX_CHECK_TIMEOUT_MS))
    const { data, message } = await storageWait(
      siwx.createMessage({ chainId: network.caipNetworkId, accountAddress: address }),
      'writing the message',
    )
    if (attempt !== internal.siwxAttempt) return { signedIn: false }
    phase = 'wallet'
    // The adapter bounds the wait for the wallet; Cancel stays available meanwhile.
    const signature = await adapter.signMessage({ connectorId, address, message })
    if (attempt !== internal.siwxAttempt) return { signedIn: false }
    phase = 'storage'
    const session = { data, message, signature }
    await storageWait(siwx.addSession(session), 'keeping the session')
    if (attempt !== internal.siwxAttempt) return { signedIn: false }
    setSiwxState(portico, { status: 'signedIn', caipAddress, session, error: undefined })
    dismissToast(portico)
    closeModal(portico)
    internal.track({ type: 'track', event: 'SIWX_AUTH_SUCCESS', properties })
    return { signedIn: true }
  } catch (error) {
    if (attempt !== internal.siwxAttempt) return { signedIn: false }
    internal.logger.warn(`sign-in: failed while ${phase}`, error)
    const message = describeFailure(portico, error, phase, isSmartAccount)
    setSiwxState(portico, { status: 'needed', caipAddress, session: undefined, error: message })
    if (!state.modal.open || state.router.route.view !== 'SIWXSignMessage')
      openModal(portico, { route: { view: 'SIWXSignMessage' } })
    showToast(portico, { message, variant: 'error' })
    internal.track({ type: 'track', event: 'SIWX_AUTH_ERROR', properties })
    return { signedIn: false }
  }
}

/** The SPEC §8 text for a failed sign-in; a refusal by the session storage says what it refused. */
function describeFailure(
  portico: Portico,
  error: unknown,
  phase: 'message' | 'wallet' | 'storage',
  isSmartAccount: boolean,
): Notice {
  if (phase === 'wallet' || error instanceof UserRejectedRequestError)
    return { key: isSmartAccount ? 'smartAccountSignFailed' : 'signatureDeclined' }
  if (error instanceof ApiRequestError) {
    showApiAlert(portico, { apiCode: error.apiCode, status: error.status })
    return { key: 'walletError', params: { message: error.serverMessage } }
  }
  if (error instanceof ServerUnavailableError) return { key: 'siwxServerUnavailable' }
  return toUserMessage(error)
}
