import type { Portico } from '../../portico.js'

/**
 * Stops waiting for the wallet on a send the visitor walked away from (the review's Cancel, or
 * closing the modal), so the form can be used again at once instead of after the wallet's prompt
 * timeout. A hash that still arrives is listed as pending and 'Transaction started' shows, but the
 * form is left alone (`submitSend` checks its attempt).
 */
export function stopWaitingForSend(portico: Portico): void {
  const { state, internal } = portico
  if (!state.send.loading) return
  internal.sendAttempt++
  state.send.loading = false
  state.send.step = 'form'
  state.send.error = undefined
}
