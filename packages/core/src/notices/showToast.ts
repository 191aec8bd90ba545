import type { Portico } from '../portico.js'
import type { ToastVariant } from '../state.js'
import type { Notice } from './messages.js'

/** Success and error toasts close after 3 s (SPEC §9); loading toasts stay (SPEC §8). */
export const TOAST_DURATION_MS = 3_000

export type ShowToastParameters = { message: Notice; variant: ToastVariant }

/** Shows a short message at the top of the modal; a newer toast replaces an older one. */
export function showToast(portico: Portico, parameters: ShowToastParameters): void {
  const { state, internal } = portico
  clearTimeout(internal.timers.toast)
  const autoClose = parameters.variant !== 'loading'
  state.toast.current = {
    id: internal.nextId++,
    message: parameters.message,
    variant: parameters.variant,
    autoClose,
  }
  if (autoClose) internal.timers.toast = setTimeout(() => dismissToast(portico), TOAST_DURATION_MS)
}

/** Hides the current toast. */
export function dismissToast(portico: Portico): void {
  clearTimeout(portico.internal.timers.toast)
  portico.state.toast.current = undefined
}
