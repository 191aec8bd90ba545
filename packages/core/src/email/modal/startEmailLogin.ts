import { RequestCancelledError } from '../../errors/base.js'
import { refuseUntilLegalAccepted } from '../../modal/legalConsent.js'
import { navigate } from '../../modal/navigate.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import type { Portico } from '../../portico.js'
import { connectEmail, requireEmbeddedWallet, waitForDevice } from '../connectEmail.js'

export type StartEmailLoginParameters = { email: string }

/**
 * The Connect view's e-mail field and the code view's Resend (SPEC §5): sends the code and shows
 * EmailVerifyOtp (in place of itself when resending), or, for a known user's new device,
 * EmailVerifyDevice, which moves on to the code once the device is approved from the mailed link.
 * A bad address, the cool-down or a refusal stay on the form, which reads `emailLogin.error`.
 * Never rejects: the outcome is on screen and in the log.
 *
 * @example
 * await startEmailLogin(portico, { email: 'ada@example.com' })
 */
export async function startEmailLogin(
  portico: Portico,
  parameters: StartEmailLoginParameters,
): Promise<void> {
  const { state, internal } = portico
  if (refuseUntilLegalAccepted(portico)) return
  let action: 'VERIFY_OTP' | 'VERIFY_DEVICE'
  try {
    ;({ action } = await connectEmail(portico, parameters))
  } catch (error) {
    if (!(error instanceof RequestCancelledError)) internal.logger.debug('e-mail login: not sent', error)
    return
  }
  const email = state.emailLogin.email ?? parameters.email.trim()
  const show = (route: { view: 'EmailVerifyOtp' | 'EmailVerifyDevice'; params: { email: string } }) => {
    // Resending from the code view replaces it, so Back still leads out of the login.
    if (state.router.route.view === 'EmailVerifyOtp') replaceRoute(portico, route)
    else navigate(portico, route)
  }
  if (action === 'VERIFY_OTP') {
    show({ view: 'EmailVerifyOtp', params: { email } })
    return
  }
  show({ view: 'EmailVerifyDevice', params: { email } })
  // An older server asks for the approval before the code; the code view follows it.
  void waitForDevice(portico, requireEmbeddedWallet(portico), internal.emailLoginAttempt, () => {
    state.emailLogin.error = undefined
    state.emailLogin.status = 'awaitingOtp'
    replaceRoute(portico, { view: 'EmailVerifyOtp', params: { email } })
  })
}
