import type { Portico } from '../portico.js'
import { EMAIL_ADDRESS, emailLoginMessage, InvalidEmailError, requireEmbeddedWallet } from './connectEmail.js'
import { navigate } from './navigate.js'
import { replaceRoute } from './replaceRoute.js'
import { showToast } from './showToast.js'
import { InvalidOtpError } from './submitEmailOtp.js'

export type UpdateEmailParameters = { email: string }

/**
 * Starts changing the embedded wallet's e-mail (SPEC §7 APP_UPDATE_EMAIL): codes go to the current
 * address and to the new one, entered in that order on the views that follow.
 *
 * @example
 * await updateEmail(portico, { email: 'ada@new.example' })
 */
export async function updateEmail(portico: Portico, parameters: UpdateEmailParameters): Promise<void> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const email = parameters.email.trim()
  if (!EMAIL_ADDRESS.test(email)) {
    const error = new InvalidEmailError(email)
    state.emailLogin.error = error.shortMessage
    throw error
  }
  const attempt = ++internal.emailLoginAttempt
  Object.assign(state.emailLogin, { status: 'sending', error: undefined })
  try {
    const { action } = await service.updateEmail({ email })
    if (attempt !== internal.emailLoginAttempt) return
    Object.assign(state.emailLogin, { status: 'awaitingOtp', email })
    navigate(
      portico,
      action === 'VERIFY_SECONDARY_OTP'
        ? { view: 'UpdateEmailSecondaryOtp', params: { email } }
        : { view: 'UpdateEmailPrimaryOtp', params: { email } },
    )
  } catch (error) {
    if (attempt === internal.emailLoginAttempt)
      Object.assign(state.emailLogin, { status: 'idle', error: emailLoginMessage(error) })
    throw error
  }
}

/**
 * Checks a code of the e-mail change: on UpdateEmailPrimaryOtp the one sent to the current address,
 * then on UpdateEmailSecondaryOtp the one sent to the new address, after which the e-mail is changed
 * and Account shows again.
 *
 * @example
 * await submitUpdateEmailOtp(portico, { otp: '123456' })
 */
export async function submitUpdateEmailOtp(portico: Portico, parameters: { otp: string }): Promise<void> {
  const { state, internal } = portico
  const service = requireEmbeddedWallet(portico)
  const { route } = state.router
  if (route.view !== 'UpdateEmailPrimaryOtp' && route.view !== 'UpdateEmailSecondaryOtp') return
  const otp = parameters.otp.replace(/\s/g, '')
  if (!/^\d{6}$/.test(otp)) {
    const error = new InvalidOtpError()
    state.emailLogin.error = error.shortMessage
    throw error
  }
  const { email } = route.params
  const attempt = ++internal.emailLoginAttempt
  Object.assign(state.emailLogin, { status: 'verifying', error: undefined })
  try {
    if (route.view === 'UpdateEmailPrimaryOtp') {
      await service.updateEmailPrimaryOtp({ otp })
      if (attempt !== internal.emailLoginAttempt) return
      state.emailLogin.status = 'awaitingOtp'
      replaceRoute(portico, { view: 'UpdateEmailSecondaryOtp', params: { email } })
      return
    }
    const { newEmail } = await service.updateEmailSecondaryOtp({ otp })
    if (attempt !== internal.emailLoginAttempt) return
    internal.storage.set('email', newEmail)
    Object.assign(state.emailLogin, {
      status: 'idle',
      email: undefined,
      error: undefined,
      accountEmail: newEmail,
    })
    replaceRoute(portico, { view: 'Account', resetHistory: true })
    showToast(portico, { message: `Your e-mail is now ${newEmail}`, variant: 'success' })
  } catch (error) {
    if (attempt !== internal.emailLoginAttempt) return
    Object.assign(state.emailLogin, { status: 'awaitingOtp', error: emailLoginMessage(error) })
    throw error
  }
}
