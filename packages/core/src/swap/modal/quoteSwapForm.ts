import type { ApiRequestError } from '../../api/clientErrors.js'
import { type Notice, toUserMessage } from '../../notices/messages.js'
import { showToast } from '../../notices/showToast.js'
import type { Portico } from '../../portico.js'
import { type GetSwapQuoteReturnType, getSwapQuote } from '../getSwapQuote.js'
import type { SwapPreparationError } from '../swapErrors.js'
import { getSwap, getSwapValidation } from '../swapForm.js'

/** Problems a quote is still asked for: it shows what the amount would give. */
const QUOTABLE = new Set([undefined, 'insufficientBalance', 'insufficientGas'])

export type QuoteSwapFormReturnType = 'quoted' | 'failed' | 'skipped' | 'stale'

/**
 * Asks for a quote for what the swap form says (SPEC §4: each change of token or amount), and
 * with it the approval or the swap transaction. The answer fills the target amount, price impact,
 * minimum received, provider fee, network fee and the transactions; one for a form that changed
 * meanwhile is dropped. Failures are shown as SPEC §8 says: 'Failed to check allowance', 'Failed to
 * create approval transaction', 'Failed to create transaction' as toasts; a quote that cannot be
 * had as the input error 'Insufficient balance' (or, where the server says, no route or not
 * enough liquidity); a quote of nothing as 'Incorrect amount' with 'Please enter a valid amount'.
 * Never rejects.
 */
export async function quoteSwapForm(portico: Portico): Promise<QuoteSwapFormReturnType> {
  const { state, internal } = portico
  const { swap } = state
  const { problem } = getSwapValidation(portico)
  if (!QUOTABLE.has(problem) || !swap.sourceToken || !swap.toToken) return 'skipped'
  const request = ++internal.swapQuoteRequest
  const form = swap
  const current = () => state.swap === form && internal.swapQuoteRequest === request
  form.loadingQuote = true
  form.inputError = undefined
  let result: GetSwapQuoteReturnType
  try {
    result = await getSwapQuote(portico, {
      from: swap.sourceToken,
      to: swap.toToken,
      amount: swap.sourceTokenAmount,
      slippage: swap.slippage,
    })
  } catch (error) {
    if (!current()) return 'stale'
    form.loadingQuote = false
    internal.logger.warn('swap: no quote', error)
    showQuoteFailure(portico, error)
    return 'failed'
  }
  if (!current()) return 'stale'
  const { quote } = result
  internal.swapQuote = result
  if (/^0(\.0+)?$/.test(quote.toAmount)) {
    // SPEC §8: 'Incorrect amount' with 'Please enter a valid amount' when the quote has no amount.
    form.loadingQuote = false
    form.inputError = { key: 'swapEnterValidAmount' }
    showToast(portico, { message: { key: 'swapIncorrectAmount' }, variant: 'error' })
    return 'failed'
  }
  const decimals = getSwap(portico).network?.nativeCurrency.decimals ?? 18
  Object.assign(form, {
    loadingQuote: false,
    toTokenAmount: quote.toAmount,
    priceImpact: quote.priceImpact,
    maxSlippage: quote.minimumReceived,
    providerFee: quote.providerFee
      ? { amount: quote.providerFee.amount, rate: quote.providerFee.rate }
      : undefined,
    approvalTransaction: result.approval,
    swapTransaction: result.transaction,
    gasFee: result.gasFee,
    gasPriceInUSD:
      form.networkPrice > 0 ? (Number(result.gasFee) / 10 ** decimals) * form.networkPrice : undefined,
  })
  // The balance may be too low for what was quoted: said under the amount (SPEC §5, §8).
  const after = getSwapValidation(portico).problem
  if (after === 'insufficientBalance' || after === 'insufficientGas')
    form.inputError = { key: 'swapInsufficientBalance' }
  return 'quoted'
}

function showQuoteFailure(portico: Portico, error: unknown): void {
  const { swap } = portico.state
  const name = (error as { name?: unknown }).name
  if (name === 'SwapNetworkNotServedError' || name === 'SwapUnavailableError') {
    swap.inputError = toUserMessage(error)
    return
  }
  if (name !== 'SwapPreparationError') {
    // A validation the form did not catch, or the wallet's side (no account any more).
    swap.inputError = toUserMessage(error)
    return
  }
  const { step, cause } = error as SwapPreparationError
  if (step === 'quote') {
    const code = (cause as Partial<ApiRequestError> | undefined)?.apiCode
    const notice: Notice =
      code === 'NO_ROUTE'
        ? { key: 'swapNoRoute' }
        : code === 'INSUFFICIENT_LIQUIDITY'
          ? { key: 'swapInsufficientLiquidity' }
          : // SPEC §8: 'Insufficient balance' is the input error when the quote fails.
            { key: 'swapInsufficientBalance' }
    swap.inputError = notice
    return
  }
  const key =
    step === 'allowance'
      ? 'swapAllowanceFailed'
      : step === 'approval'
        ? 'swapApprovalFailed'
        : 'swapTransactionFailed'
  showToast(portico, { message: { key }, variant: 'error' })
}
