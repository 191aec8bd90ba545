import type { ApiRequestErrorType, ServerUnavailableErrorType } from '../api/clientErrors.js'
import { DEFAULT_SWAP_SLIPPAGE_PERCENT, SWAP_GAS_LIMIT_ESTIMATE } from '../api/swapConstants.js'
import type { SwapTransaction } from '../api/swapSchemas.js'
import { ParseUnitsError, parseUnits } from '../format/parseUnits.js'
import type { Portico } from '../portico.js'
import type { SwapFormTransaction } from '../state.js'
import { resolveSwapAccount } from './resolveSwapAccount.js'
import { isNativeSwapToken, sameSwapToken } from './swapAmounts.js'
import {
  type SwapNetworkNotServedErrorType,
  SwapPreparationError,
  type SwapPreparationErrorType,
  type SwapStep,
  type SwapUnavailableErrorType,
  SwapValidationError,
  type SwapValidationErrorType,
} from './swapErrors.js'
import { requireSwapService } from './swapService.js'
import type { GetSwapQuoteReturnType, SwapTokenInput } from './swapTypes.js'

export type { GetSwapQuoteReturnType, SwapTokenInput } from './swapTypes.js'

export type GetSwapQuoteParameters = {
  from: SwapTokenInput
  to: SwapTokenInput
  /** Whole `from` tokens to spend, the provider fee included: `'1.5'`. */
  amount: string
  /** Percent; SPEC §9's 1 when left out. */
  slippage?: number | undefined
}

export type GetSwapQuoteErrorType =
  | SwapValidationErrorType
  | SwapPreparationErrorType
  | SwapUnavailableErrorType
  | SwapNetworkNotServedErrorType
  | ServerUnavailableErrorType
  | ApiRequestErrorType

/**
 * Quotes swapping `amount` of `from` into `to` for the connected account on the active network,
 * checks the router's allowance, and builds what the wallet sends next (SPEC §4): the swap
 * transaction when the allowance is sufficient, otherwise the approval first. Rejects with
 * `SwapValidationError` for an amount that is empty, not a number or not above zero (SPEC §5), and
 * `SwapPreparationError` naming the step that failed (`quote`: no route, not enough liquidity or
 * the server could not quote; `allowance`; `approval`; `transaction`), with the server's error as
 * `cause`.
 *
 * @example
 * const quote = await getSwapQuote(portico, { from: eth, to: pusd, amount: '1' })
 * console.log(quote.quote.toAmount, quote.approval ? 'approve first' : 'ready to swap')
 */
export async function getSwapQuote(
  portico: Portico,
  parameters: GetSwapQuoteParameters,
): Promise<GetSwapQuoteReturnType> {
  const { from, to } = parameters
  const account = resolveSwapAccount(portico)
  checkSwapAmount(parameters)
  if (sameSwapToken(from, to)) throw new SwapValidationError('sameToken')
  const service = requireSwapService(portico)
  const slippage = parameters.slippage ?? DEFAULT_SWAP_SLIPPAGE_PERCENT
  const request = {
    network: account.network,
    userAddress: account.address,
    from: from.address,
    to: to.address,
    amount: parameters.amount,
    slippage,
  }
  const step = async <T>(name: SwapStep, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (error) {
      // Not a failed step but no swaps at all here: the caller hides the feature.
      if ((error as { name?: unknown }).name === 'SwapNetworkNotServedError') throw error
      throw new SwapPreparationError(name, {
        cause: error,
        details: String((error as Error).message ?? error),
      })
    }
  }

  const quote = await step('quote', () => service.getQuote(request))
  if (!isNativeSwapToken(from)) {
    const allowance = await step('allowance', () =>
      service.getAllowance({
        network: account.network,
        token: from.address,
        userAddress: account.address,
        amount: parameters.amount,
        spender: quote.spender,
      }),
    )
    if (allowance.sufficient !== true) {
      const { tx, allowance: allowed } = await step('approval', () =>
        service.getApproval({
          network: account.network,
          userAddress: account.address,
          from: from.address,
          to: to.address,
          amount: parameters.amount,
        }),
      )
      const approval = toFormTransaction(tx, allowed ?? parameters.amount)
      return {
        from,
        to,
        quote,
        slippage,
        approval,
        transaction: undefined,
        gasPrice: approval.gasPrice,
        gasFee: approval.gas * approval.gasPrice,
      }
    }
  }
  const calldata = await step('transaction', () => service.getCalldata(request))
  const transaction = toFormTransaction(calldata.tx, calldata.quote.toAmount)
  return {
    from,
    to,
    // The calldata's own quote is the one its minimum was computed from.
    quote: calldata.quote,
    slippage,
    approval: undefined,
    transaction,
    gasPrice: transaction.gasPrice,
    gasFee: (transaction.gas > 0n ? transaction.gas : BigInt(SWAP_GAS_LIMIT_ESTIMATE)) * transaction.gasPrice,
  }
}

/** SPEC §5: the amount must be a number greater than 0 that the source token's decimals can hold. */
function checkSwapAmount({ amount, from }: GetSwapQuoteParameters): void {
  if (typeof amount !== 'string' || amount.trim() === '') throw new SwapValidationError('noAmount')
  let units: bigint
  try {
    units = parseUnits(amount, from.decimals)
  } catch (error) {
    if (!(error instanceof ParseUnitsError)) throw error
    throw new SwapValidationError('invalidAmount', { details: `${amount}: ${error.reason}` })
  }
  if (units <= 0n) throw new SwapValidationError('zeroAmount')
}

function toFormTransaction(tx: SwapTransaction, toAmount: string): SwapFormTransaction {
  return {
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
    toAmount,
  }
}
