import { navigate } from '../../modal/navigate.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import { showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import { EMAIL_ADDRESS } from '../connectEmail.js'
import { updateEmail } from '../updateEmail.js'

export type ChangeEmailParameters = { email: string }

/**
 * The UpdateEmail view (SPEC §7 APP_UPDATE_EMAIL): shows UpdateEmailVerify, where the embedded
 * wallet's frame lays its code screen, and afterwards Account with the 'E-mail changed' toast. A
 * cancel on the frame's screen returns to UpdateEmail, a failure too, with the reason; leaving the
 * view abandons the change. A bad address stays on the form with the reason. Never rejects.
 *
 * @example
 * await changeEmail(portico, { email: 'ada@new.example' })
 */
export async function changeEmail(portico: Portico, parameters: ChangeEmailParameters): Promise<void> {
  const { state, internal } = portico
  // The frame's screen lies over UpdateEmailVerify: it is shown before the frame is asked.
  const email = parameters.email.trim()
  if (EMAIL_ADDRESS.test(email) && portico.config.embeddedWallet)
    navigate(portico, { view: 'UpdateEmailVerify', params: { email } })
  const shown = () => state.router.route.view === 'UpdateEmailVerify'
  try {
    const { email: newEmail } = await updateEmail(portico, parameters)
    if (shown()) replaceRoute(portico, { view: 'Account', resetHistory: true })
    showToast(portico, { message: { key: 'emailChanged', params: { email: newEmail } }, variant: 'success' })
  } catch (error) {
    internal.logger.debug('e-mail change: not made', error)
    // Back to the address form, which says why when the change failed.
    if (shown()) replaceRoute(portico, { view: 'UpdateEmail' })
  }
}
