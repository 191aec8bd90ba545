import type {
  NotConnectedErrorType,
  ProviderRequestErrorType,
  ProviderTimeoutErrorType,
  TransactionWouldFailErrorType,
  UserRejectedRequestErrorType,
  WrongNetworkErrorType,
} from '../errors/base.js'
import type { Portico } from '../portico.js'
import type { GetSwapQuoteReturnType } from './getSwapQuote.js'
import { resolveSwapAccount } from './resolveSwapAccount.js'
import { sendSwapTransaction } from './sendSwapTransaction.js'
import { trackSwap } from './swapAnalytics.js'
import {
  type SwapAccountNotFoundErrorType,
  SwapApprovalRevertedError,
  type SwapApprovalRevertedErrorType,
  type SwapUnavailableErrorType,
  SwapValidationError,
  type SwapValidationErrorType,
} from './swapErrors.js'

export type ApproveSwapParameters = {
  /** A quote from `getSwapQuote` that carries an `approval`. */
  quote: GetSwapQuoteReturnType
  /** Called once the wallet has sent the approval, before it is confirmed. */
  onSent?: ((hash: string) => void) | undefined
}
export type ApproveSwapReturnType = { hash: string }
export type ApproveSwapErrorType =
  | SwapValidationErrorType
  | SwapUnavailableErrorType
  | SwapAccountNotFoundErrorType
  | SwapApprovalRevertedErrorType
  | UserRejectedRequestErrorType
  | WrongNetworkErrorType
  | TransactionWouldFailErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | NotConnectedErrorType

/**
 * Sends the approval a quote asks for (the router may then spend the amount of the source token)
 * and waits until the chain includes it. Afterwards ask `getSwapQuote` again: its quote and swap
 * transaction are recomputed for the new allowance (SPEC §4). Tracks SWAP_APPROVAL_ERROR when it
 * fails (SPEC §7); rejects with the wallet's error (`UserRejectedRequestError` when declined) or
 * `SwapApprovalRevertedError`.
 *
 * @example
 * let quote = await getSwapQuote(portico, { from: pusd, to: ptk, amount: '10' })
 * if (quote.approval) {
 *   await approveSwap(portico, { quote })
 *   quote = await getSwapQuote(portico, { from: pusd, to: ptk, amount: '10' })
 * }
 */
export async function approveSwap(
  portico: Portico,
  parameters: ApproveSwapParameters,
): Promise<ApproveSwapReturnType> {
  const { quote } = parameters
  const account = resolveSwapAccount(portico, 'send')
  if (!quote?.approval)
    throw new SwapValidationError('noTransaction', { details: 'The quote needs no approval.' })
  try {
    const { hash, status } = await sendSwapTransaction(account, quote.approval, parameters.onSent)
    if (status === 'reverted') throw new SwapApprovalRevertedError(hash)
    return { hash }
  } catch (error) {
    trackSwap(portico, 'SWAP_APPROVAL_ERROR', account, quote, error)
    throw error
  }
}
