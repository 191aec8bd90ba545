import { disconnect } from '../../connection/disconnect.js'
import { closeModal } from '../../modal/closeModal.js'
import { dismissToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'

/**
 * The visitor declines to sign in (SPEC §4): when sign-in is required the wallet is disconnected,
 * otherwise the modal closes and the visitor stays connected without a session. A wallet prompt
 * still open is abandoned; its answer is ignored.
 *
 * @example
 * await cancelSiwx(portico)
 */
export async function cancelSiwx(portico: Portico): Promise<void> {
  const { state, internal, config } = portico
  internal.siwxAttempt++
  internal.siwxCancel?.()
  dismissToast(portico)
  if (state.siwx.status === 'signing') state.siwx.status = 'needed'
  if (config.siwx?.required) {
    await disconnect(portico)
  } else {
    closeModal(portico)
  }
  if (!portico.options.enableEmbedded) {
    state.router.route = { view: 'Connect' }
    state.router.history = []
  }
}
