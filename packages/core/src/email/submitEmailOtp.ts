import { connect } from '../connection/connect.js'
import { BaseError } from '../errors/base.js'
import { navigate } from '../modal/navigate.js'
import { replaceRoute } from '../modal/replaceRoute.js'
import { MESSAGES } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  emailLoginMessage,
  requireEmbeddedWallet,
  waitForDevice,
} from './connectEmail.js'
import type { EmbeddedWallet } from './types.js'

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
 * Checks the one-time code with the embedded wallet, then connects its wallet like any other
 * (through the AUTH connector of the EVM adapter), which shows Account. A wrong or expired code
 * stays on the code view with the reason. For a known account on a new device the code is right
 * but the device must be approved from the mailed link first: the EmailVerifyDevice view waits for
 * that, then the same code logs in without being typed again.
 *
 * @example
 * await submitEmailOtp(portico, { otp: '123456' })
 */
export async function submitEmailOtp(portico: Portico, parameters: SubmitEmailOtpParameters): Promise<void> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const otp = parameters.otp.replace(/\s/g, '')
  if (!/^\d{6}$/.test(otp)) {
    const error = new InvalidOtpError()
    state.emailLogin.error = { key: 'invalidOtp' }
    throw error
  }
  const attempt = ++internal.emailLoginAttempt
  Object.assign(state.emailLogin, { status: 'verifying', error: undefined })
  try {
    const { action } = await service.connectOtp({ otp })
    if (attempt !== internal.emailLoginAttempt) return
    if (action === 'VERIFY_DEVICE') {
      const email = state.emailLogin.email ?? ''
      Object.assign(state.emailLogin, { status: 'awaitingDevice', error: undefined })
      navigate(portico, { view: 'EmailVerifyDevice', params: { email } })
      void waitForDevice(portico, service, attempt, () => finishAfterApproval(portico, service, otp, attempt))
      return
    }
    await connectEmbeddedWallet(portico, attempt)
  } catch (error) {
    if (attempt !== internal.emailLoginAttempt) return
    Object.assign(state.emailLogin, { status: 'awaitingOtp', error: emailLoginMessage(error) })
    throw error
  }
}

async function connectEmbeddedWallet(portico: Portico, attempt: number): Promise<void> {
  const { state, internal } = portico
  await connect(portico, { connectorId: EMBEDDED_WALLET_CONNECTOR_ID })
  if (attempt !== internal.emailLoginAttempt) return
  Object.assign(state.emailLogin, { status: 'idle', error: undefined, accountEmail: state.emailLogin.email })
}

/** The device was approved: the code the visitor typed logs in now; a failure goes back to the code view. */
async function finishAfterApproval(
  portico: Portico,
  service: EmbeddedWallet,
  otp: string,
  attempt: number,
): Promise<void> {
  const { state, internal } = portico
  const email = state.emailLogin.email ?? ''
  state.emailLogin.status = 'verifying'
  try {
    const { action } = await service.connectOtp({ otp })
    if (attempt !== internal.emailLoginAttempt) return
    if (action === 'VERIFY_DEVICE') throw new DeviceStillNotApprovedError()
    await connectEmbeddedWallet(portico, attempt)
  } catch (error) {
    if (attempt !== internal.emailLoginAttempt) return
    internal.logger.warn('e-mail login: the code did not log in after the device was approved', error)
    Object.assign(state.emailLogin, { status: 'awaitingOtp', error: emailLoginMessage(error) })
    replaceRoute(portico, { view: 'EmailVerifyOtp', params: { email } })
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

/**
 * Leaves the e-mail login: a step still waiting is ignored when it answers, and the form is empty
 * again.
 */
export function resetEmailLogin(portico: Portico): void {
  portico.internal.emailLoginAttempt++
  Object.assign(portico.state.emailLogin, { status: 'idle', email: undefined, error: undefined })
}

/**
 * Forgets the e-mail login (SPEC §3 flags and identity: the email-login-used flag and the e-mail),
 * on disconnect or when the embedded wallet says it is not connected (SPEC §4). The time of the
 * last login stays, so the 30 s cool-down still holds.
 */
export function clearEmailLoginCache(portico: Portico): void {
  portico.internal.storage.remove('emailLoginUsed')
  portico.internal.storage.remove('email')
  resetEmailLogin(portico)
  portico.state.emailLogin.accountEmail = undefined
}
