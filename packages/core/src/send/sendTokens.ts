import { addPendingTransaction } from '../activity/addPendingTransaction.js'
import { fetchActivity } from '../activity/fetchActivity.js'
import { settlePendingTransaction } from '../activity/settlePendingTransaction.js'
import { refreshBalance } from '../balances/refreshBalance.js'
import { refreshTokenBalances } from '../balances/refreshTokenBalances.js'
import { BaseError, SendFailedError, UserRejectedRequestError } from '../errors/base.js'
import { formatUnits } from '../format/formatUnits.js'
import { replaceRoute } from '../modal/replaceRoute.js'
import { MESSAGES, type Notice, toUserMessage } from '../notices/messages.js'
import { showToast } from '../notices/showToast.js'
import type { Portico } from '../portico.js'
import type { SentTransaction } from '../state.js'
import { withTimeout } from '../timeout.js'
import { tokenContract, tokenDecimals } from './amounts.js'
import { checkSend, currentToken, readSendInput, type SendProblem } from './send.js'

/** How long a sent transaction is watched for inclusion (SPEC §9 lists 4 min among its times). */
export const SEND_CONFIRMATION_TIMEOUT_MS = 4 * 60_000

// SPEC §5: a send without a valid amount or receiver says 'Please enter a valid amount and receiver address'.
const AMOUNT_OR_RECEIVER_PROBLEMS = new Set<SendProblem>([
  'noAmount',
  'invalidAmount',
  'tooManyDecimals',
  'zeroAmount',
  'noReceiver',
  'invalidAddress',
])

/** The form cannot be sent as it is; `problem` is the first reason (see `getSendValidation`). */
export class SendValidationError extends BaseError {
  override name = 'SendValidationError' as const
  readonly problem: SendProblem
  constructor(problem: SendProblem) {
    super(
      AMOUNT_OR_RECEIVER_PROBLEMS.has(problem)
        ? MESSAGES.enterAmountAndReceiver
        : 'The send form is not complete or not valid.',
      { details: `First problem: ${problem}` },
    )
    this.problem = problem
  }
}
export type SendValidationErrorType = SendValidationError & { name: 'SendValidationError' }

export type SendTokensReturnType =
  | { status: 'sent'; hash: string; confirmation: SentTransaction['status'] }
  | { status: 'rejected' | 'failed' }
export type SendTokensErrorType = SendValidationError

/**
 * Sends what the form says. It checks the form (SPEC §5; on an unsupported chain it shows
 * 'Unsupported chain', SPEC §8), asks the wallet, and once the wallet returns the hash shows
 * 'Transaction started', moves from the preview to `WalletSendConfirmed` and lists the transaction
 * as pending in Activity. It then waits for inclusion (bounded), settles it and refreshes the
 * balances and the activity. A rejection in the wallet keeps the form and says so; any other
 * failure shows 'Something went wrong' (SPEC §8) and keeps the form too.
 *
 * @example
 * const result = await sendTokens(portico)
 * if (result.status === 'sent') console.log(result.hash)
 */
export async function sendTokens(portico: Portico): Promise<SendTokensReturnType> {
  const { state, internal } = portico
  const input = readSendInput(portico)
  const { problem, amount } = checkSend(input)
  if (problem === 'unsupportedChain')
    showToast(portico, { message: { key: 'sendUnsupportedChain' }, variant: 'error' })
  if (problem && AMOUNT_OR_RECEIVER_PROBLEMS.has(problem))
    showToast(portico, { message: { key: 'enterAmountAndReceiver' }, variant: 'error' })
  if (problem) throw new SendValidationError(problem)
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const adapter = namespace ? internal.adapters.get(namespace) : undefined
  const token = currentToken(input.send.token, input.tokenBalances)
  const { address, network } = input
  const to = input.send.receiverAddress
  if (!namespace || !chain?.connectorId || !address || !network || !token || amount === undefined)
    throw new SendValidationError('notConnected')

  const form = state.send
  if (form.loading) return { status: 'failed' }
  const attempt = ++internal.sendAttempt
  // False once the form was reset (disconnect, another account or namespace) or the visitor
  // cancelled while the wallet was open: the answer then belongs to no form on screen.
  const current = () => state.send === form && internal.sendAttempt === attempt
  form.loading = true
  form.step = 'confirming'
  form.error = undefined
  const contract = tokenContract(token)
  let hash: string
  try {
    if (!adapter?.send) throw new SendUnavailableError(namespace)
    hash = await adapter.send.send({
      connectorId: chain.connectorId,
      address,
      network,
      to,
      amount,
      ...(contract ? { token: contract } : {}),
    })
  } catch (error) {
    const onScreen = current()
    if (onScreen) {
      form.loading = false
      form.step = 'form'
    }
    if (error instanceof UserRejectedRequestError) {
      if (onScreen) form.error = { kind: 'rejected', message: toUserMessage(error) }
      internal.track({
        type: 'track',
        event: 'SEND_REJECTED',
        properties: { network: network.caipNetworkId },
      })
      return { status: 'rejected' }
    }
    internal.logger.warn(`send: sending on ${network.caipNetworkId} failed`, error)
    // A send the visitor walked away from fails quietly: nothing on screen is waiting for it.
    if (onScreen) {
      // An adapter that says what to tell the visitor is heard (SPEC §8, Solana); else the generic text.
      const message: Notice =
        error instanceof SendFailedError ? toUserMessage(error) : { key: 'somethingWentWrong' }
      showToast(portico, { message, variant: 'error' })
      form.error = { kind: 'failed', message: toUserMessage(error) }
    }
    internal.track({ type: 'track', event: 'SEND_ERROR', properties: { network: network.caipNetworkId } })
    return { status: 'failed' }
  }

  const sent: SentTransaction = {
    hash,
    caipNetworkId: network.caipNetworkId,
    from: address,
    to,
    amount: formatUnits(amount, tokenDecimals(token)),
    symbol: token.symbol,
    status: 'pending',
    explorerUrl: adapter.getTransactionExplorerUrl?.({ hash, network }),
  }
  showToast(portico, { message: { key: 'transactionStarted' }, variant: 'success' })
  internal.track({ type: 'track', event: 'SEND_SUCCESS', properties: { network: network.caipNetworkId } })
  const onScreen = current()
  if (onScreen) {
    // The form is done: a new send starts empty, on the same token.
    internal.sendFeeRequest++
    Object.assign(form, {
      loading: false,
      step: 'sent',
      sent,
      sendTokenAmount: '',
      receiverAddress: '',
      receiverProfileName: undefined,
      receiverProfileImage: undefined,
      fee: undefined,
      gasPrice: undefined,
      gasPriceInUSD: undefined,
      feeLoading: false,
    })
  }
  // Only move on if the visitor is still looking at the preview they sent from.
  if (onScreen && state.router.route.view === 'WalletSendPreview')
    replaceRoute(portico, { view: 'WalletSendConfirmed', params: { hash } })
  try {
    addPendingTransaction(portico, {
      hash,
      caipNetworkId: network.caipNetworkId,
      from: address,
      to,
      amount: sent.amount,
      symbol: sent.symbol,
    })
  } catch (error) {
    internal.logger.warn('send: the sent transaction cannot be listed as pending', error)
  }

  let confirmation: SentTransaction['status'] = 'unknown'
  try {
    if (!adapter.send) throw new SendUnavailableError(namespace)
    // The adapter bounds its own wait; this bounds it again in case an adapter does not.
    const receipt = await withTimeout(
      adapter.send.waitForTransaction({ hash, network, timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS }),
      SEND_CONFIRMATION_TIMEOUT_MS + 5_000,
      () => new SendConfirmationTimeoutError(SEND_CONFIRMATION_TIMEOUT_MS),
    )
    confirmation = receipt.status
    settlePendingTransaction(portico, { hash, status: receipt.status })
  } catch (error) {
    internal.logger.warn(`send: ${hash} was not seen on ${network.caipNetworkId} in time`, error)
  }
  if (state.send.sent?.hash === hash) state.send.sent.status = confirmation
  await Promise.allSettled([
    refreshBalance(portico, { namespace }),
    refreshTokenBalances(portico, { force: true, namespace }),
    fetchActivity(portico, { refresh: true }),
  ])
  return { status: 'sent', hash, confirmation }
}

/** The adapter of this namespace cannot send. */
export class SendUnavailableError extends BaseError {
  override name = 'SendUnavailableError' as const
  constructor(namespace: string) {
    super('Sending is not available on this network.', { details: `Namespace ${namespace}` })
  }
}
export type SendUnavailableErrorType = SendUnavailableError & { name: 'SendUnavailableError' }

/** The chain did not report the transaction within the wait. */
export class SendConfirmationTimeoutError extends BaseError {
  override name = 'SendConfirmationTimeoutError' as const
  constructor(timeoutMs: number) {
    super('The transaction was not confirmed in time.', { details: `Waited ${timeoutMs} ms.` })
  }
}
export type SendConfirmationTimeoutErrorType = SendConfirmationTimeoutError & {
  name: 'SendConfirmationTimeoutError'
}
