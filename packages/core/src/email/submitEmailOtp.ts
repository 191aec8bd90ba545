import { type ConnectErrorType, connect } from '../connection/connect.js'
import {
  BaseError,
  type BaseErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
} from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import { MESSAGES } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedWalletNotConfiguredErrorType,
  emailLoginMessage,
  requireEmbeddedWallet,
} from './connectEmail.js'

// In modules of their own so leaving the e-mail views, and restoring or clearing connections, do
// not load the login code.
export { clearEmailLoginCache } from './clearEmailLoginCache.js'
export { resetEmailLogin } from './resetEmailLogin.js'

/** A one-time code is six digits. */
export class InvalidOtpError extends BaseError {
  override name = 'InvalidOtpError' as const
  constructor() {
    super(MESSAGES.invalidOtp)
  }
}
export type InvalidOtpErrorType = InvalidOtpError & { name: 'InvalidOtpError' }

export type SubmitEmailOtpParameters = { otp: string }
/**
 * `connected`: the embedded wallet is connected in `namespace`. `awaitingDevice`: the code is
 * right but this device of a known account must first be approved from the mailed link; submit the
 * same code again once it is.
 */
export type SubmitEmailOtpReturnType =
  | { status: 'connected'; namespace: ChainNamespace; address: string }
  | { status: 'awaitingDevice' }
/**
 * What `submitEmailOtp` rejects with: no embedded wallet configured, a code that is not six digits,
 * the embedded wallet's refusal (a wrong or expired code, its server unreachable), what `connect`
 * throws for the embedded wallet, or the attempt replaced or abandoned (`resetEmailLogin`).
 */
export type SubmitEmailOtpErrorType =
  | EmbeddedWalletNotConfiguredErrorType
  | InvalidOtpErrorType
  | RequestCancelledErrorType
  | ConnectErrorType
  | BaseErrorType

/**
 * Checks the one-time code with the embedded wallet, then connects its wallet like any other
 * (through the AUTH connector of each adapter that offers it: EVM, Solana). A wrong or expired code leaves
 * `emailLogin.status` at `awaitingOtp` with the reason in `emailLogin.error`, and is thrown. It
 * never moves the modal: the modal's `verifyEmailCode` does.
 *
 * @example
 * const outcome = await submitEmailOtp(portico, { otp: '123456' })
 * if (outcome.status === 'awaitingDevice') askToFollowTheLink()
 */
export async function submitEmailOtp(
  portico: Portico,
  parameters: SubmitEmailOtpParameters,
): Promise<SubmitEmailOtpReturnType> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const otp = parameters.otp.replace(/\s/g, '')
  if (!/^\d{6}$/.test(otp)) {
    const error = new InvalidOtpError()
    state.emailLogin.error = { key: 'invalidOtp' }
    throw error
  }
  const attempt = ++internal.emailLoginAttempt
  const stillCurrent = (cause?: unknown) => {
    if (attempt !== internal.emailLoginAttempt) throw new RequestCancelledError({ cause })
  }
  Object.assign(state.emailLogin, { status: 'verifying', error: undefined })
  try {
    const { action } = await service.connectOtp({ otp })
    stillCurrent()
    if (action === 'VERIFY_DEVICE') {
      Object.assign(state.emailLogin, { status: 'awaitingDevice', error: undefined })
      return { status: 'awaitingDevice' }
    }
    // SPEC §6: the e-mail wallet serves eip155 and solana; the active namespace connects first
    // (its account is the one shown), the others follow as its siblings.
    const active = state.modal.activeChain
    const offersActive =
      active !== undefined &&
      state.connectors.byNamespace[active]?.some((connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID)
    const { namespace, address } = await connect(portico, {
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      ...(offersActive ? { namespace: active } : {}),
    })
    stillCurrent()
    Object.assign(state.emailLogin, {
      status: 'idle',
      error: undefined,
      accountEmail: state.emailLogin.email,
    })
    return { status: 'connected', namespace, address }
  } catch (error) {
    if (error instanceof RequestCancelledError) throw error
    stillCurrent(error)
    Object.assign(state.emailLogin, { status: 'awaitingOtp', error: emailLoginMessage(error) })
    throw error
  }
}

/** The server still refuses this device after the wait said it was approved. */
export class DeviceStillNotApprovedError extends BaseError {
  override name = 'DeviceStillNotApprovedError' as const
  constructor() {
    super('This device is not approved yet. Follow the link in the e-mail, then enter the code again.')
  }
}
export type DeviceStillNotApprovedErrorType = DeviceStillNotApprovedError & {
  name: 'DeviceStillNotApprovedError'
}
