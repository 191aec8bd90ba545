import { ApiRequestError } from '../../api/clientErrors.js'
import { RequestCancelledError } from '../../errors/base.js'
import { closeModal } from '../../modal/closeModal.js'
import { openModal } from '../../modal/openModal.js'
import { showApiAlert } from '../../notices/showApiAlert.js'
import { dismissToast, showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import { requestSiwxSignature, SiwxNotEnabledError, SiwxPrerequisiteError } from '../requestSiwxSignature.js'

/**
 * The sign-in view's Sign button (SPEC §4): an 'Authenticating' toast while the wallet and the
 * storage answer, then the modal closes. A failure shows SIWXSignMessage again (reopening the modal
 * if it was closed meanwhile) with the SPEC §8 toast from `siwx.error`; a refusal by the sign-in
 * server also shows its alert. An attempt abandoned by Cancel or an account change changes nothing.
 * Never rejects: the outcome is on screen and in the log.
 *
 * @example
 * await signIn(portico)
 */
export async function signIn(portico: Portico): Promise<void> {
  const { state, internal } = portico
  showToast(portico, { message: { key: 'authenticating' }, variant: 'loading' })
  try {
    await requestSiwxSignature(portico)
    dismissToast(portico)
    closeModal(portico)
  } catch (error) {
    if (error instanceof RequestCancelledError) return
    internal.logger.warn('sign-in: not signed in', error)
    dismissToast(portico)
    // Nothing to sign with (no sign-in configured, no account): there is no view to show it on.
    if (error instanceof SiwxNotEnabledError || error instanceof SiwxPrerequisiteError) return
    if (error instanceof ApiRequestError)
      showApiAlert(portico, { apiCode: error.apiCode, status: error.status })
    if (!state.modal.open || state.router.route.view !== 'SIWXSignMessage')
      openModal(portico, { route: { view: 'SIWXSignMessage' } })
    const message = state.siwx.error
    if (message) showToast(portico, { message, variant: 'error' })
  }
}
