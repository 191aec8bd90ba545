import { fetchActivity } from '../../activity/fetchActivity.js'
import { refreshBalance } from '../../balances/refreshBalance.js'
import { refreshTokenBalances } from '../../balances/refreshTokenBalances.js'
import { SendFailedError, UserRejectedRequestError } from '../../errors/base.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import { type Notice, toUserMessage } from '../../notices/messages.js'
import { showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import type { SentTransaction } from '../../state.js'
import { getSend, getSendValidation, type SendProblem } from '../send.js'
import { isAmountOrReceiverProblem } from '../sendErrors.js'
import { type SendTokensErrorType, sendTokens } from '../sendTokens.js'

export type SubmitSendReturnType =
  /** Sent; `confirmation` is `unknown` when the chain did not report it in time. */
  | { status: 'sent'; hash: string; confirmation: SentTransaction['status'] }
  /** Declined in the wallet: the form is kept and says so. */
  | { status: 'rejected' }
  /** Not sent for another reason: the form is kept, 'Something went wrong' (or the adapter's text) shown. */
  | { status: 'failed' }
  /** The form cannot be sent as it is; the wallet was not asked. */
  | { status: 'invalid'; problem: SendProblem }
  /** A send from this form is waiting for the wallet already. */
  | { status: 'busy' }

/**
 * The review's Send button (SPEC §2 WalletSendPreview, §4, §8): sends what the form says with
 * `sendTokens` and shows the outcome. A form that cannot be sent shows 'Please enter a valid
 * amount and receiver address' or 'Unsupported chain'. While the wallet is open the form is
 * `confirming`; once the wallet returns the hash, 'Transaction started' shows, the review gives
 * way to `WalletSendConfirmed` and a new form starts empty on the same token; once the chain
 * includes it (or the wait ends), the native and token balances and the activity are read again.
 * A rejection in the wallet keeps the form and says so; any other failure shows 'Something went
 * wrong' (or the adapter's own text, SPEC §8 for Solana) and keeps the form too. It never throws
 * for an outcome the modal shows; the reason is logged.
 *
 * @example
 * <button onClick={() => void submitSend(portico)}>Send</button>
 */
export async function submitSend(portico: Portico): Promise<SubmitSendReturnType> {
  const { state, internal } = portico
  const { problem, amount } = getSendValidation(portico)
  if (problem || amount === undefined) {
    const reason = problem ?? 'invalidAmount'
    if (reason === 'unsupportedChain')
      showToast(portico, { message: { key: 'sendUnsupportedChain' }, variant: 'error' })
    else if (isAmountOrReceiverProblem(reason))
      showToast(portico, { message: { key: 'enterAmountAndReceiver' }, variant: 'error' })
    internal.logger.warn(`send: the form cannot be sent (${reason})`)
    return { status: 'invalid', problem: reason }
  }
  const form = state.send
  if (form.loading) return { status: 'busy' }
  const attempt = ++internal.sendAttempt
  // False once the form was reset (disconnect, another account or namespace) or the visitor
  // cancelled while the wallet was open: the answer then belongs to no form on screen.
  const current = () => state.send === form && internal.sendAttempt === attempt
  const { token } = getSend(portico)
  const namespace = state.modal.activeChain
  form.loading = true
  form.step = 'confirming'
  form.error = undefined

  let hash: string | undefined
  let confirmation: SentTransaction['status'] = 'unknown'
  try {
    const result = await sendTokens(portico, {
      to: form.receiverAddress,
      amount,
      token,
      onSent: (sent) => {
        hash = sent.hash
        showToast(portico, { message: { key: 'transactionStarted' }, variant: 'success' })
        if (!current()) return
        // The form is done: a new send starts empty, on the same token. An estimate in flight
        // was for this one.
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
        // Only move on if the visitor is still looking at the review they sent from.
        if (state.router.route.view === 'WalletSendPreview')
          replaceRoute(portico, { view: 'WalletSendConfirmed', params: { hash: sent.hash } })
      },
    })
    confirmation = result.status
  } catch (caught) {
    const error = caught as SendTokensErrorType
    if (hash === undefined) return failed(portico, error, current())
    // Sent, but not seen on chain in time (SendConfirmationTimeoutError): it may still be
    // included, and stays pending in Activity.
    internal.logger.warn(`send: ${hash} was not seen on chain in time`, error)
  }
  const shown = state.send.sent
  if (shown && shown.hash === hash) shown.status = confirmation
  await Promise.allSettled([
    refreshBalance(portico, namespace ? { namespace } : {}),
    refreshTokenBalances(portico, namespace ? { force: true, namespace } : { force: true }),
    fetchActivity(portico, { refresh: true }),
  ])
  return { status: 'sent', hash: hash as string, confirmation }
}

/** A send that did not reach the chain: the form is kept, with the reason. */
function failed(portico: Portico, error: SendTokensErrorType, onScreen: boolean): SubmitSendReturnType {
  const form = portico.state.send
  if (onScreen) {
    form.loading = false
    form.step = 'form'
  }
  if (isKind(error, UserRejectedRequestError, 'UserRejectedRequestError')) {
    if (onScreen) form.error = { kind: 'rejected', message: toUserMessage(error) }
    return { status: 'rejected' }
  }
  portico.internal.logger.warn('send: not sent', error)
  if (error.name === 'SendValidationError') {
    // The account or its balances changed between the review and the click.
    if (onScreen && isAmountOrReceiverProblem(error.problem))
      showToast(portico, { message: { key: 'enterAmountAndReceiver' }, variant: 'error' })
    else if (onScreen && error.problem === 'unsupportedChain')
      showToast(portico, { message: { key: 'sendUnsupportedChain' }, variant: 'error' })
    return { status: 'invalid', problem: error.problem }
  }
  // A send the visitor walked away from fails quietly: nothing on screen is waiting for it.
  if (onScreen) {
    // An adapter that says what to tell the visitor is heard (SPEC §8, Solana); else the generic text.
    const message: Notice = isKind(error, SendFailedError, 'SendFailedError')
      ? toUserMessage(error)
      : { key: 'somethingWentWrong' }
    showToast(portico, { message, variant: 'error' })
    form.error = { kind: 'failed', message: toUserMessage(error) }
  }
  return { status: 'failed' }
}

/**
 * Whether `error` is of a kind: by class, which also covers a namespace's subclass with a name of
 * its own (`SolanaSendFailedError`), or by name when two copies of core are on a page.
 */
function isKind(error: unknown, kind: abstract new (...args: never[]) => Error, name: string): boolean {
  return error instanceof kind || (error as { name?: unknown } | null)?.name === name
}
