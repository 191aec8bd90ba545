import { asProviderError } from '../errors/asProviderError.js'
import {
  type BaseErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import type { Portico } from '../portico.js'
import {
  EMAIL_ADDRESS,
  type EmbeddedWalletNotConfiguredErrorType,
  emailLoginMessage,
  InvalidEmailError,
  type InvalidEmailErrorType,
  requireEmbeddedWallet,
} from './connectEmail.js'

export type UpdateEmailParameters = { email: string }
export type UpdateEmailReturnType = { email: string }
/**
 * What `updateEmail` rejects with: no embedded wallet configured, not an e-mail address, the visitor
 * cancelled on the wallet's screen (`UserRejectedRequestError`, EIP-1193 4001), the change was
 * abandoned (the view left, `resetEmailLogin`), or the embedded wallet's own error.
 */
export type UpdateEmailErrorType =
  | EmbeddedWalletNotConfiguredErrorType
  | InvalidEmailErrorType
  | UserRejectedRequestErrorType
  | RequestCancelledErrorType
  | BaseErrorType

/**
 * Changes the embedded wallet's e-mail (SPEC §7 APP_UPDATE_EMAIL). The page only starts it: the
 * wallet's frame shows its own screen, where the visitor types the code sent to the current address
 * and then the one sent to the new address (a page that could take those codes could move the
 * account to an address it owns). Afterwards `emailLogin.accountEmail` is the new address. A
 * failure is kept in `emailLogin.error` and thrown. It never moves the modal: the modal's
 * `changeEmail` shows UpdateEmailVerify, where the frame lays its screen.
 *
 * @example
 * try {
 *   const { email } = await updateEmail(portico, { email: 'ada@new.example' })
 * } catch (e) {
 *   const error = e as UpdateEmailErrorType
 *   if (error.name === 'UserRejectedRequestError') return
 * }
 */
export async function updateEmail(
  portico: Portico,
  parameters: UpdateEmailParameters,
): Promise<UpdateEmailReturnType> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const email = parameters.email.trim()
  if (!EMAIL_ADDRESS.test(email)) {
    const error = new InvalidEmailError(email)
    state.emailLogin.error = { key: 'invalidEmail' }
    throw error
  }
  const attempt = ++internal.emailLoginAttempt
  Object.assign(state.emailLogin, { status: 'verifying', email, error: undefined })
  // The frame's code screen lies over the modal's view: it takes the modal's light or dark mode.
  service.syncTheme?.({ themeMode: state.theme.themeMode, themeVariables: { ...state.theme.themeVariables } })
  let newEmail: string
  try {
    ;({ newEmail } = await service.updateEmail({ email }))
  } catch (error) {
    if (attempt !== internal.emailLoginAttempt) throw new RequestCancelledError({ cause: error })
    const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
    // The client's refusal when the view left and the change was aborted.
    const aborted = name === 'FrameRequestAbortedError'
    // The embedded wallet's refusal when the visitor cancels on its screen (EIP-1193 4001).
    const cancelled = code === 4001
    Object.assign(state.emailLogin, {
      status: 'idle',
      email: undefined,
      error: aborted || cancelled ? undefined : emailLoginMessage(error),
    })
    if (aborted) throw new RequestCancelledError({ cause: error })
    if (cancelled)
      throw error instanceof UserRejectedRequestError ? error : new UserRejectedRequestError({ cause: error })
    throw asProviderError(error)
  }
  internal.storage.set('email', newEmail)
  state.emailLogin.accountEmail = newEmail
  if (attempt === internal.emailLoginAttempt)
    Object.assign(state.emailLogin, { status: 'idle', email: undefined, error: undefined })
  return { email: newEmail }
}
