import type { Portico } from '../portico.js'

export type SettlePendingTransactionParameters = { hash: string; status: 'success' | 'reverted' }
export type SettlePendingTransactionReturnType = undefined

/**
 * Marks a transaction from `addPendingTransaction` as mined (or reverted). It stays on top of
 * Activity until the server's list has it. An unknown hash changes nothing.
 *
 * @example
 * settlePendingTransaction(portico, { hash, status: 'success' })
 */
export function settlePendingTransaction(
  portico: Portico,
  parameters: SettlePendingTransactionParameters,
): SettlePendingTransactionReturnType {
  const { activity } = portico.state
  const hash = parameters.hash.toLowerCase()
  if (!activity.pending.some((pending) => pending.hash.toLowerCase() === hash)) return
  activity.pending = activity.pending.map((pending) =>
    pending.hash.toLowerCase() === hash ? { ...pending, status: parameters.status } : pending,
  )
}
