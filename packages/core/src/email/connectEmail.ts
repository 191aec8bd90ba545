import { cancelReconnect } from '../connection/cancelReconnect.js'
import {
  BaseError,
  type BaseErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
} from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import { MESSAGES, type Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { EmbeddedWallet } from './types.js'

/** SPEC §9: a new e-mail login is refused for 30 s after the last one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

// In a module of its own so restoring and clearing connections do not load the login code.
import { EMBEDDED_WALLET_CONNECTOR_ID } from './embeddedWalletConnectorId.js'

export { EMBEDDED_WALLET_CONNECTOR_ID } from './embeddedWalletConnectorId.js'

/** What the modal accepts as an e-mail address before asking the server. */
export const EMAIL_ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/

/** `embeddedWallet` is not configured, so there is no e-mail login. */
export class EmbeddedWalletNotConfiguredError extends BaseError {
  override name = 'EmbeddedWalletNotConfiguredError' as const
  constructor() {
    super('E-mail login is not available on this site.', {
      details: 'Pass `embeddedWallet` to createPortico to offer it.',
    })
  }
}
export type EmbeddedWalletNotConfiguredErrorType = EmbeddedWalletNotConfiguredError & {
  name: 'EmbeddedWalletNotConfiguredError'
}

/** The text is not an e-mail address. */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError' as const
  constructor(email: string) {
    super(MESSAGES.invalidEmail, { details: JSON.stringify(email) })
  }
}
export type InvalidEmailErrorType = InvalidEmailError & { name: 'InvalidEmailError' }

/** SPEC §5: 'Please try again after {n} seconds' within 30 s of the last e-mail login. */
export class EmailCooldownError extends BaseError {
  override name = 'EmailCooldownError' as const
  readonly seconds: number
  constructor(seconds: number) {
    super(MESSAGES.emailCooldown.replace('{n}', String(seconds)))
    this.seconds = seconds
  }
}
export type EmailCooldownErrorType = EmailCooldownError & { name: 'EmailCooldownError' }

/** Seconds left (rounded up) before another e-mail login may start; 0 when it may. */
export function getEmailCooldownSeconds(portico: Portico, now = Date.now()): number {
  const last = portico.internal.storage.get('lastEmailLoginTime')
  if (last === undefined) return 0
  const left = last + EMAIL_LOGIN_COOLDOWN_MS - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/** The configured embedded wallet, or the error that says there is none. */
export function requireEmbeddedWallet(portico: Portico): EmbeddedWallet {
  const service = portico.config.embeddedWallet
  if (!service) throw new EmbeddedWalletNotConfiguredError()
  return service
}

/** The notice for a failed e-mail login step: core's own refusals by key, the wallet's in its words. */
export function emailLoginMessage(error: unknown): Notice {
  if (error instanceof InvalidEmailError) return { key: 'invalidEmail' }
  if (error instanceof EmailCooldownError) return { key: 'emailCooldown', params: { n: error.seconds } }
  if (error instanceof BaseError && error.name === 'InvalidOtpError') return { key: 'invalidOtp' }
  // Core's and the embedded wallet's errors carry the SPEC §8 sentence as `shortMessage`, details after it.
  const short = (error as { shortMessage?: unknown } | null)?.shortMessage
  const message = typeof short === 'string' && short ? short : error instanceof Error && error.message
  return message ? { key: 'walletError', params: { message } } : { key: 'frameError' }
}

export type ConnectEmailParameters = { email: string }
export type ConnectEmailReturnType = { action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }
/**
 * What `connectEmail` rejects with: no embedded wallet configured, not an e-mail address, within
 * the 30 s cool-down, the attempt replaced or abandoned (`resetEmailLogin`), or the embedded
 * wallet's own error (its server refused or could not be reached).
 */
export type ConnectEmailErrorType =
  | EmbeddedWalletNotConfiguredErrorType
  | InvalidEmailErrorType
  | EmailCooldownErrorType
  | RequestCancelledErrorType
  | BaseErrorType

/**
 * Starts an e-mail login (SPEC §5): checks the address and the 30 s cool-down before anything is
 * sent and asks the embedded wallet to send a one-time code. `emailLogin.status` becomes
 * `awaitingOtp`, or `awaitingDevice` when a known user's new device must first be approved from
 * the mailed link. A refusal is kept in `emailLogin.error` and thrown. It never moves the modal:
 * the modal's `startEmailLogin` does.
 *
 * @example
 * try {
 *   const { action } = await connectEmail(portico, { email: 'ada@example.com' })
 * } catch (e) {
 *   const error = e as ConnectEmailErrorType
 *   if (error.name === 'EmailCooldownError') showWait(error.seconds)
 * }
 */
export async function connectEmail(
  portico: Portico,
  parameters: ConnectEmailParameters,
): Promise<ConnectEmailReturnType> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const email = parameters.email.trim()
  const fail = (error: BaseError) => {
    state.emailLogin.error = emailLoginMessage(error)
    return error
  }
  if (!EMAIL_ADDRESS.test(email)) throw fail(new InvalidEmailError(email))
  const seconds = getEmailCooldownSeconds(portico)
  if (seconds > 0) throw fail(new EmailCooldownError(seconds))

  // Logging in again replaces an e-mail wallet (or other wallet) still coming back from the last visit.
  cancelReconnect(portico, {
    namespaces: (Object.keys(state.connectors.byNamespace) as ChainNamespace[]).filter((namespace) =>
      state.connectors.byNamespace[namespace]?.some(
        (connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID,
      ),
    ),
  })
  const attempt = ++internal.emailLoginAttempt
  Object.assign(state.emailLogin, { status: 'sending', email, error: undefined })
  let action: ConnectEmailReturnType['action']
  try {
    ;({ action } = await service.connectEmail({ email }))
  } catch (error) {
    if (attempt !== internal.emailLoginAttempt) throw new RequestCancelledError({ cause: error })
    Object.assign(state.emailLogin, { status: 'idle', error: emailLoginMessage(error) })
    throw error
  }
  if (attempt !== internal.emailLoginAttempt) throw new RequestCancelledError()
  internal.storage.set('lastEmailLoginTime', Date.now())
  internal.storage.set('email', email)
  internal.storage.set('emailLoginUsed', true)
  state.emailLogin.status = action === 'VERIFY_DEVICE' ? 'awaitingDevice' : 'awaitingOtp'
  return { action }
}

/** How long the device view waits for the link in the mail to be followed: the link's own life. */
export const DEVICE_APPROVAL_WAIT_MS = 10 * 60_000
/** A wait that ends sooner than this failed for another reason than the visitor taking their time. */
const QUICK_FAILURE_MS = 5_000

/**
 * Waits until the new device is approved from the mailed link (or the link expires, or the visitor
 * leaves the login: `attempt` is no longer the current one), then calls `onApproved`. Meanwhile a
 * failure is kept in `emailLogin.error` for the EmailVerifyDevice view.
 */
export async function waitForDevice(
  portico: Portico,
  service: EmbeddedWallet,
  attempt: number,
  onApproved: () => void | Promise<void>,
): Promise<void> {
  const { state, internal } = portico
  const deadline = Date.now() + DEVICE_APPROVAL_WAIT_MS
  // Each wait of the embedded wallet is bounded (its server holds a request for up to 25 s); the view
  // asks again until the link has expired or the visitor goes back.
  for (;;) {
    const started = Date.now()
    try {
      await service.connectDevice()
      if (attempt !== internal.emailLoginAttempt) return
      await onApproved()
      return
    } catch (error) {
      if (attempt !== internal.emailLoginAttempt) return
      const quick = Date.now() - started < QUICK_FAILURE_MS
      if (Date.now() >= deadline) {
        internal.logger.warn('e-mail login: the device was not approved in time', error)
        state.emailLogin.error = { key: 'deviceApprovalExpired' }
        return
      }
      // A quick failure is a real one (the server is down, say): it is shown while the view goes on asking.
      if (quick) {
        internal.logger.warn('e-mail login: waiting for the device approval failed', error)
        state.emailLogin.error = emailLoginMessage(error)
        await new Promise((resolve) => setTimeout(resolve, QUICK_FAILURE_MS))
        if (attempt !== internal.emailLoginAttempt) return
      }
    }
  }
}
