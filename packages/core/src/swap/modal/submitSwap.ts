import { fetchActivity } from '../../activity/fetchActivity.js'
import { refreshBalance } from '../../balances/refreshBalance.js'
import { refreshTokenBalances } from '../../balances/refreshTokenBalances.js'
import { goBack } from '../../modal/goBack.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import type { Notice } from '../../notices/messages.js'
import { dismissToast, showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import { approveSwap } from '../approveSwap.js'
import type { GetSwapQuoteReturnType } from '../getSwapQuote.js'
import { resetSwap } from '../resetSwap.js'
import { swap } from '../swap.js'
import { SWAP_MESSAGE_DECIMALS, truncateDecimals } from '../swapAmounts.js'
import type { SwapProblem } from '../swapErrors.js'
import { getSwap, getSwapValidation } from '../swapForm.js'
import { requoteSwapForm } from './watchSwapForm.js'

export type SubmitSwapReturnType =
  /** The approval is in; the quote and the swap transaction were asked for again (SPEC §4). */
  | { status: 'approved'; hash: string }
  /** Swapped: the form is reset and Account shows (SPEC §2, §4). */
  | { status: 'swapped'; hash: string }
  /** The chain reverted the swap (the price moved beyond the slippage): back on the form, re-quoted. */
  | { status: 'reverted'; hash: string }
  /** Declined in the wallet, or failed otherwise: back on the form with a toast (SPEC §2). */
  | { status: 'rejected' | 'failed'; step: 'approval' | 'swap' }
  /** The form cannot be swapped as it is, or its quote is not there yet. */
  | { status: 'invalid'; problem: SwapProblem | 'noQuote' }
  /** The wallet is asked already. */
  | { status: 'busy' }

/**
 * The preview's button (SPEC §2 SwapPreview, §4 Swap, §8): sends the approval when the quote
 * needs one ('Approve limit increase in your wallet'), after which the quote and transaction are
 * recomputed and the preview offers the swap; otherwise sends the swap ('Confirm transaction in
 * your wallet', then 'Swapping X to Y' once sent, 'Swapped X to Y' once included), resets the
 * form, shows Account and reads the balances again. A failure, declined in the wallet or not, goes
 * back to the form (SPEC §2) with 'Transaction error' (SPEC §8); a swap the chain reverted because the price moved
 * beyond the slippage tolerance says so in words on the form, which asks for a new quote at once.
 * Never rejects.
 *
 * @example
 * <button onClick={() => void submitSwap(portico)}>Swap</button>
 */
export async function submitSwap(portico: Portico): Promise<SubmitSwapReturnType> {
  const { state, internal } = portico
  const info = getSwap(portico)
  const { problem } = getSwapValidation(portico)
  if (problem) {
    const message: Notice =
      problem === 'notConnected'
        ? { key: 'swapNoAddress' }
        : problem === 'insufficientBalance' || problem === 'insufficientGas'
          ? { key: 'swapInsufficientBalance' }
          : { key: 'swapEnterValidAmount' }
    showToast(portico, { message, variant: 'error' })
    return { status: 'invalid', problem }
  }
  const quote = internal.swapQuote
  if (!quote || info.loadingQuote || (!info.approvalTransaction && !info.swapTransaction))
    return { status: 'invalid', problem: 'noQuote' }
  const form = state.swap
  if (form.loadingTransaction) return { status: 'busy' }
  const attempt = ++internal.swapAttempt
  const current = () => state.swap === form && internal.swapAttempt === attempt
  form.loadingTransaction = true
  form.notice = undefined
  if (quote.approval) return approve(portico, quote, current)

  const from = `${truncateDecimals(quote.quote.fromAmount, SWAP_MESSAGE_DECIMALS)} ${quote.from.symbol}`
  const to = `${truncateDecimals(quote.quote.toAmount, SWAP_MESSAGE_DECIMALS)} ${quote.to.symbol}`
  showToast(portico, { message: { key: 'swapConfirmInWallet' }, variant: 'loading' })
  let hash: string | undefined
  try {
    ;({ hash } = await swap(portico, {
      quote,
      onSent: (sent) => {
        hash = sent
        if (current())
          showToast(portico, { message: { key: 'swapSwapping', params: { from, to } }, variant: 'loading' })
      },
    }))
  } catch (error) {
    internal.logger.warn('swap: not swapped', error)
    if (!current()) return { status: 'failed', step: 'swap' }
    form.loadingTransaction = false
    const name = (error as { name?: unknown }).name
    if (name === 'SwapRevertedError') {
      dismissToast(portico)
      form.notice = { key: 'swapPriceMoved', params: { slippage: quote.slippage } }
      if (state.router.route.view === 'SwapPreview') goBack(portico)
      void refreshBalances(portico)
      void requoteSwapForm(portico)
      return { status: 'reverted', hash: hash ?? '' }
    }
    return failed(portico, error, 'swap')
  }
  showToast(portico, { message: { key: 'swapSwapped', params: { from, to } }, variant: 'success' })
  if (current()) {
    // SPEC §4: after success the state is reset, Account is shown and balances are refreshed.
    resetSwap(portico)
    if (state.modal.open) replaceRoute(portico, { view: 'Account', resetHistory: true })
  }
  await refreshBalances(portico)
  return { status: 'swapped', hash }
}

async function approve(
  portico: Portico,
  quote: GetSwapQuoteReturnType,
  current: () => boolean,
): Promise<SubmitSwapReturnType> {
  const form = portico.state.swap
  showToast(portico, { message: { key: 'swapApproveInWallet' }, variant: 'loading' })
  let hash: string
  try {
    ;({ hash } = await approveSwap(portico, { quote }))
  } catch (error) {
    portico.internal.logger.warn('swap: not approved', error)
    if (!current()) return { status: 'failed', step: 'approval' }
    form.loadingTransaction = false
    return failed(portico, error, 'approval')
  }
  if (!current()) return { status: 'approved', hash }
  dismissToast(portico)
  form.loadingTransaction = false
  // SPEC §4: after the approval is sent, the quote and transaction are recomputed.
  await requoteSwapForm(portico)
  return { status: 'approved', hash }
}

/**
 * SPEC §2: the swap flow navigates back on failure. SPEC §8 has one text for a transaction the
 * wallet declined or failed, 'Transaction error', and 'Address or auth connector not found' for
 * an account gone before the wallet was asked.
 */
function failed(portico: Portico, error: unknown, step: 'approval' | 'swap'): SubmitSwapReturnType {
  const name = (error as { name?: unknown }).name
  const rejected = name === 'UserRejectedRequestError'
  showToast(portico, {
    message: { key: name === 'SwapAccountNotFoundError' ? 'swapAccountNotFound' : 'swapTransactionError' },
    variant: 'error',
  })
  if (portico.state.router.route.view === 'SwapPreview') goBack(portico)
  return { status: rejected ? 'rejected' : 'failed', step }
}

function refreshBalances(portico: Portico): Promise<unknown> {
  const namespace = portico.state.modal.activeChain
  return Promise.allSettled([
    refreshBalance(portico, namespace ? { namespace } : {}),
    refreshTokenBalances(portico, namespace ? { force: true, namespace } : { force: true }),
    fetchActivity(portico, { refresh: true }),
  ])
}
