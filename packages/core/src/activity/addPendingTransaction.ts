import { decimalString } from '../api/answerChecks.js'
import { BaseError } from '../errors/base.js'
import type { CaipNetworkId } from '../network/types.js'
import type { Portico } from '../portico.js'
import { parser } from '../valueCheck.js'

/** SPEC §9: pending transactions limit, 99. */
export const PENDING_TRANSACTIONS_LIMIT = 99

export type AddPendingTransactionParameters = {
  hash: string
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Whole tokens as an exact decimal string, e.g. `"0.5"`. */
  amount: string
  symbol: string
}
export type AddPendingTransactionReturnType = undefined

/** A pending transaction was described with a value that cannot be shown. */
export class InvalidPendingTransactionError extends BaseError {
  override name = 'InvalidPendingTransactionError' as const
  constructor(details: string) {
    super('The pending transaction is not valid.', { details })
  }
}
export type InvalidPendingTransactionErrorType = InvalidPendingTransactionError & {
  name: 'InvalidPendingTransactionError'
}

/**
 * Shows a transaction the wallet has just sent on top of Activity until it is settled and the
 * server has indexed it. The newest 99 are kept (SPEC §9); adding a known hash again moves it up.
 *
 * @example
 * addPendingTransaction(portico, { hash, caipNetworkId: 'eip155:1', from, to, amount: '0.5', symbol: 'ETH' })
 */
export function addPendingTransaction(
  portico: Portico,
  parameters: AddPendingTransactionParameters,
): AddPendingTransactionReturnType {
  const { hash, amount } = parameters
  if (!/^\S{1,200}$/.test(hash)) throw new InvalidPendingTransactionError(`Hash ${JSON.stringify(hash)}`)
  if (!parser(decimalString).safeParse(amount).success)
    throw new InvalidPendingTransactionError(
      `Amount ${JSON.stringify(amount)} is not an exact decimal string.`,
    )
  if (!portico.state.networks.some((network) => network.caipNetworkId === parameters.caipNetworkId))
    throw new InvalidPendingTransactionError(`${parameters.caipNetworkId} is not in the networks list.`)
  const { activity } = portico.state
  activity.pending = [
    {
      hash,
      caipNetworkId: parameters.caipNetworkId,
      from: parameters.from,
      to: parameters.to,
      amount,
      symbol: parameters.symbol,
      status: 'pending' as const,
      createdAt: Date.now(),
    },
    ...activity.pending.filter((pending) => pending.hash.toLowerCase() !== hash.toLowerCase()),
  ].slice(0, PENDING_TRANSACTIONS_LIMIT)
}
