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
  SwapRevertedError,
  type SwapRevertedErrorType,
  type SwapUnavailableErrorType,
  SwapValidationError,
  type SwapValidationErrorType,
} from './swapErrors.js'

export type SwapParameters = {
  /** A quote from `getSwapQuote` that carries the swap `transaction` (no approval pending). */
  quote: GetSwapQuoteReturnType
  /** Called once the wallet has sent the swap, before it is confirmed. */
  onSent?: ((hash: string) => void) | undefined
}
export type SwapReturnType = { hash: string; status: 'success' }
export type SwapErrorType =
  | SwapValidationErrorType
  | SwapUnavailableErrorType
  | SwapAccountNotFoundErrorType
  | SwapRevertedErrorType
  | UserRejectedRequestErrorType
  | WrongNetworkErrorType
  | TransactionWouldFailErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | NotConnectedErrorType

/**
 * Sends the swap a quote carries and waits until the chain includes it. The router refuses to give
 * less than the quote's `minimumReceived`: when the price moved beyond the slippage tolerance in
 * the meantime the chain reverts it and this rejects with `SwapRevertedError` (nothing was swapped;
 * ask for a new quote). Tracks SWAP_SUCCESS or SWAP_ERROR (SPEC §7). Balances are not read again
 * here: call `refreshTokenBalances(portico, { force: true })` afterwards (the modal does).
 *
 * @example
 * const quote = await getSwapQuote(portico, { from: eth, to: pusd, amount: '1' })
 * try {
 *   await swap(portico, { quote })
 * } catch (error) {
 *   if ((error as SwapErrorType).name === 'SwapRevertedError') console.log('price moved, quote again')
 * }
 */
export async function swap(portico: Portico, parameters: SwapParameters): Promise<SwapReturnType> {
  const { quote } = parameters
  const account = resolveSwapAccount(portico, 'send')
  if (!quote?.transaction)
    throw new SwapValidationError('noTransaction', {
      details: 'The quote carries no swap transaction: approve first, then quote again.',
    })
  try {
    const { hash, status } = await sendSwapTransaction(account, quote.transaction, parameters.onSent)
    if (status === 'reverted') throw new SwapRevertedError({ hash, slippage: quote.slippage })
    trackSwap(portico, 'SWAP_SUCCESS', account, quote)
    return { hash, status }
  } catch (error) {
    trackSwap(portico, 'SWAP_ERROR', account, quote, error)
    throw error
  }
}
