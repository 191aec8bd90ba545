import { addPendingTransaction } from '../activity/addPendingTransaction.js'
import { settlePendingTransaction } from '../activity/settlePendingTransaction.js'
import type { TokenBalance } from '../api/schemas.js'
import {
  NotConnectedError,
  type NotConnectedErrorType,
  type ProviderRequestErrorType,
  type ProviderTimeoutErrorType,
  type SendFailedErrorType,
  type TransactionWouldFailErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
  type WrongNetworkErrorType,
} from '../errors/base.js'
import { formatUnits } from '../format/formatUnits.js'
import type { Portico } from '../portico.js'
import type { SentTransaction } from '../state.js'
import { withTimeout } from '../timeout.js'
import { resolveSendTarget } from './resolveSendTarget.js'
import {
  SendConfirmationTimeoutError,
  type SendConfirmationTimeoutErrorType,
  type SendUnavailableErrorType,
  SendValidationError,
  type SendValidationErrorType,
} from './sendErrors.js'

/** How long a sent transaction is watched for inclusion (SPEC §9 lists 4 min among its times). */
export const SEND_CONFIRMATION_TIMEOUT_MS = 4 * 60_000

export type SendTokensParameters = {
  /** The receiver's address, checked with the adapter's `send.isAddress`. */
  to: string
  /** In the token's base units (wei for ETH): `parseUnits('0.5', 18)`. */
  amount: bigint
  /**
   * One of the account's tokens on the active network (`getTokenBalances(portico).tokens`); the
   * network's own currency when left out.
   */
  token?: TokenBalance | undefined
  /**
   * Called once the wallet has sent the transaction, before it is confirmed: the transaction as
   * Activity lists it (pending), with its explorer link.
   */
  onSent?: ((transaction: SentTransaction) => void) | undefined
}

/** The transaction once the chain included it: `success`, or `reverted` when it failed on chain. */
export type SendTokensReturnType = SentTransaction & { status: 'success' | 'reverted' }

export type SendTokensErrorType =
  | NotConnectedErrorType
  | SendUnavailableErrorType
  | SendValidationErrorType
  | UserRejectedRequestErrorType
  | WrongNetworkErrorType
  | TransactionWouldFailErrorType
  | SendFailedErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | SendConfirmationTimeoutErrorType

/**
 * Sends `amount` of a token (or of the network's own currency) from the active account to `to`,
 * and waits until the chain includes it. It checks the request first (`SendValidationError`:
 * an amount of zero or more than the balance, a missing or invalid receiver, a token of another
 * network, an unsupported chain), asks the wallet, lists the transaction as pending in Activity
 * as soon as the wallet returns its hash, and settles it there once included (bounded by
 * `SEND_CONFIRMATION_TIMEOUT_MS`). It shows nothing: the modal's `submitSend` turns the outcome
 * into views and notices.
 *
 * Rejects with `UserRejectedRequestError` when the visitor declines in the wallet,
 * `WrongNetworkError` when the wallet is on another network, `SendFailedError` (with the text the
 * adapter wants shown) or `TransactionWouldFailError` when the chain refuses it, and
 * `SendConfirmationTimeoutError` (with the `hash`) when it was sent but not seen in time.
 *
 * Balances are not read again here: a headless site calls `refreshTokenBalances(portico, { force: true })`
 * once the send is in (the modal's `submitSend` does).
 *
 * @example
 * try {
 *   const { hash, status } = await sendTokens(portico, {
 *     to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *     amount: parseUnits('0.01', 18),
 *   })
 * } catch (error) {
 *   const e = error as SendTokensErrorType
 *   if (e.name === 'UserRejectedRequestError') console.log('declined in the wallet')
 *   else if (e.name === 'SendConfirmationTimeoutError') console.log('sent, not yet seen', e.hash)
 * }
 */
export async function sendTokens(
  portico: Portico,
  parameters: SendTokensParameters,
): Promise<SendTokensReturnType> {
  const { internal } = portico
  const { to, amount, token } = parameters
  const target = resolveSendTarget(portico, token)
  const { network, address, send } = target
  // Plain JavaScript callers may pass a number or a string; base units are only ever a bigint.
  if (typeof amount !== 'bigint')
    throw new SendValidationError('invalidAmount', {
      details: `The amount is a ${typeof amount}, not a bigint.`,
    })
  if (amount < 0n) throw new SendValidationError('invalidAmount', { details: 'The amount is negative.' })
  if (amount === 0n) throw new SendValidationError('zeroAmount')
  if (target.balance !== undefined && amount > target.balance)
    throw new SendValidationError('insufficientFunds', {
      details: `${amount} is more than the balance, ${target.balance} (base units).`,
    })
  if (typeof to !== 'string' || to.trim() === '') throw new SendValidationError('noReceiver')
  if (!send.isAddress(to)) throw new SendValidationError('invalidAddress', { details: `Receiver ${to}` })
  if (!target.connectorId) throw new NotConnectedError(target.namespace)

  const properties = { network: network.caipNetworkId }
  let hash: string
  try {
    hash = await send.send({
      connectorId: target.connectorId,
      address,
      network,
      to,
      amount,
      ...(target.contract ? { token: target.contract } : {}),
    })
  } catch (error) {
    const rejected =
      error instanceof UserRejectedRequestError ||
      (error as { name?: unknown }).name === 'UserRejectedRequestError'
    internal.track({ type: 'track', event: rejected ? 'SEND_REJECTED' : 'SEND_ERROR', properties })
    throw error
  }
  internal.track({ type: 'track', event: 'SEND_SUCCESS', properties })

  const sent: SentTransaction = {
    hash,
    caipNetworkId: network.caipNetworkId,
    from: address,
    to,
    amount: formatUnits(amount, target.decimals),
    symbol: target.symbol,
    status: 'pending',
    explorerUrl: target.adapter.getTransactionExplorerUrl?.({ hash, network }),
  }
  try {
    addPendingTransaction(portico, {
      hash,
      caipNetworkId: sent.caipNetworkId,
      from: sent.from,
      to,
      amount: sent.amount,
      symbol: sent.symbol,
    })
  } catch (error) {
    // The send happened; only its line in Activity is missing, so the caller still hears of it.
    internal.logger.warn(`send: ${hash} cannot be listed as pending`, error)
  }
  parameters.onSent?.({ ...sent })

  let status: 'success' | 'reverted'
  try {
    // The adapter bounds its own wait; this bounds it again in case an adapter does not.
    const receipt = await withTimeout(
      send.waitForTransaction({ hash, network, timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS }),
      SEND_CONFIRMATION_TIMEOUT_MS + 5_000,
      () => new SendConfirmationTimeoutError({ hash, timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS + 5_000 }),
    )
    status = receipt.status
  } catch (error) {
    if (error instanceof SendConfirmationTimeoutError) throw error
    throw new SendConfirmationTimeoutError({ hash, timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS, cause: error })
  }
  settlePendingTransaction(portico, { hash, status })
  return { ...sent, status }
}
