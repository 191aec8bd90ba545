import { showConnected } from '../../connection/modal/showConnected.js'
import { RequestCancelledError } from '../../errors/base.js'
import { navigate } from '../../modal/navigate.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import type { Portico } from '../../portico.js'
import { emailLoginMessage, requireEmbeddedWallet, waitForDevice } from '../connectEmail.js'
import { DeviceStillNotApprovedError, submitEmailOtp } from '../submitEmailOtp.js'

export type VerifyEmailCodeParameters = { otp: string }

/**
 * The code view (SPEC §5): checks the code and connects the embedded wallet, then shows Account (or
 * UnsupportedChain). A wrong or expired code stays on the view with the reason. For a known account
 * on a new device, EmailVerifyDevice waits for the approval from the mailed link, then the same
 * code logs in without being typed again; if it still cannot, the code view shows why. Never
 * rejects: the outcome is on screen and in the log.
 *
 * @example
 * await verifyEmailCode(portico, { otp: '123456' })
 */
export async function verifyEmailCode(
  portico: Portico,
  parameters: VerifyEmailCodeParameters,
): Promise<void> {
  const { state, internal } = portico
  const email = state.emailLogin.email ?? ''
  const verify = async (approved: boolean): Promise<void> => {
    try {
      const outcome = await submitEmailOtp(portico, parameters)
      if (outcome.status === 'connected') return showConnected(portico, outcome.namespace)
      if (approved) throw new DeviceStillNotApprovedError()
      navigate(portico, { view: 'EmailVerifyDevice', params: { email } })
      // Once the device is approved from the mailed link, the same code logs in without being typed again.
      void waitForDevice(portico, requireEmbeddedWallet(portico), internal.emailLoginAttempt, () =>
        verify(true),
      )
    } catch (error) {
      if (error instanceof RequestCancelledError) return
      internal.logger.debug('e-mail login: code refused', error)
      if (!approved) return
      // After the approval, a failure goes back to the code view with the reason.
      Object.assign(state.emailLogin, { status: 'awaitingOtp', error: emailLoginMessage(error) })
      replaceRoute(portico, { view: 'EmailVerifyOtp', params: { email } })
    }
  }
  await verify(false)
}
