import type { Portico } from '../portico.js'

export type CancelSendReturnType = undefined

/**
 * Stops waiting for the wallet on a send the visitor walked away from, so the form can be used
 * again at once instead of after the wallet's prompt timeout. The wallet may still show the
 * request: if it sends after all, `sendTokens` still lists the transaction as pending and says
 * 'Transaction started', but leaves the form and the view alone.
 *
 * @example
 * cancelSend(portico)
 * goBack(portico)
 */
export function cancelSend(portico: Portico): CancelSendReturnType {
  const { state, internal } = portico
  if (!state.send.loading) return
  internal.sendAttempt++
  state.send.loading = false
  state.send.step = 'form'
  state.send.error = undefined
}
