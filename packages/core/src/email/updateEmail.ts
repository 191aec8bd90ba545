import { navigate } from '../modal/navigate.js'
import { replaceRoute } from '../modal/replaceRoute.js'
import type { Notice } from '../notices/messages.js'
import { showToast } from '../notices/showToast.js'
import type { Portico } from '../portico.js'
import { EMAIL_ADDRESS, emailLoginMessage, InvalidEmailError, requireEmbeddedWallet } from './connectEmail.js'

export type UpdateEmailParameters = { email: string }

/** How an e-mail change ended, as the page learns it from the embedded wallet. */
export type UpdateEmailReturnType =
  | { status: 'changed'; email: string }
  | { status: 'cancelled' }
  | { status: 'failed'; reason: Notice }

// The embedded wallet's refusal when the visitor cancels on its screen (EIP-1193 4001), and the
// client's when the view left and the change was aborted.
function isCancel(error: unknown): boolean {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown }
  return code === 4001 || name === 'FrameRequestAbortedError'
}

/**
 * Changes the embedded wallet's e-mail (SPEC §7 APP_UPDATE_EMAIL). The page only starts it: the
 * UpdateEmailVerify view shows while the wallet's frame lays its own screen over it, where the
 * visitor types the code sent to the current address and then the one sent to the new address. A
 * page that could take those codes could move the account to an address it owns. Afterwards
 * Account shows the new e-mail; a cancel returns to UpdateEmail, a failure too, with the reason.
 *
 * @example
 * const outcome = await updateEmail(portico, { email: 'ada@new.example' })
 * if (outcome.status === 'changed') console.log(outcome.email)
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
  navigate(portico, { view: 'UpdateEmailVerify', params: { email } })
  const stillShown = () =>
    attempt === internal.emailLoginAttempt && state.router.route.view === 'UpdateEmailVerify'
  try {
    const { newEmail } = await service.updateEmail({ email })
    if (attempt === internal.emailLoginAttempt) {
      internal.storage.set('email', newEmail)
      Object.assign(state.emailLogin, {
        status: 'idle',
        email: undefined,
        error: undefined,
        accountEmail: newEmail,
      })
      if (state.router.route.view === 'UpdateEmailVerify')
        replaceRoute(portico, { view: 'Account', resetHistory: true })
      showToast(portico, {
        message: { key: 'emailChanged', params: { email: newEmail } },
        variant: 'success',
      })
    }
    return { status: 'changed', email: newEmail }
  } catch (error) {
    const cancelled = isCancel(error)
    const reason = emailLoginMessage(error)
    if (stillShown()) {
      // Back to the address form, which says why when the change failed.
      replaceRoute(portico, { view: 'UpdateEmail' })
      Object.assign(state.emailLogin, {
        status: 'idle',
        email: undefined,
        error: cancelled ? undefined : reason,
      })
    }
    return cancelled ? { status: 'cancelled' } : { status: 'failed', reason }
  }
}
