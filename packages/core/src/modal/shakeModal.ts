import type { Portico } from '../portico.js'

/** SPEC §9: the modal shake lasts 500 ms. */
export const SHAKE_DURATION_MS = 500

/** Shakes the modal for 500 ms to show that it refused something. */
export function shakeModal(portico: Portico): void {
  const { state, internal } = portico
  clearTimeout(internal.timers.shake)
  state.modal.shake = true
  internal.timers.shake = setTimeout(() => {
    state.modal.shake = false
    internal.timers.shake = undefined
  }, SHAKE_DURATION_MS)
}
