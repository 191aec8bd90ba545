// The errors of swapping (SPEC §5 Swap, §8): what the swap actions reject with besides the wallet's,
// the chain's and the server's own errors.

import { BaseError, type BaseErrorOptions } from '../errors/base.js'
import { MESSAGES } from '../notices/messages.js'

/** There is no swap service: no Portico server is configured and the site passed none. */
export class SwapUnavailableError extends BaseError {
  override name = 'SwapUnavailableError' as const
  constructor(details: string, options: BaseErrorOptions = {}) {
    super('Swaps are not available.', { ...options, details })
  }
}
export type SwapUnavailableErrorType = SwapUnavailableError & { name: 'SwapUnavailableError' }

/** The swap service does not offer swaps on this network (the server's `UNSUPPORTED_CHAIN`). */
export class SwapNetworkNotServedError extends BaseError {
  override name = 'SwapNetworkNotServedError' as const
  constructor(
    readonly caipNetworkId: string,
    options: BaseErrorOptions = {},
  ) {
    super(`Swaps are not offered on ${caipNetworkId}.`, options)
  }
}
export type SwapNetworkNotServedErrorType = SwapNetworkNotServedError & { name: 'SwapNetworkNotServedError' }

/**
 * The wallet is to be asked, and the account that would sign is gone: no connected address, or
 * no connector to reach it (SPEC §8 'Address or auth connector not found').
 */
export class SwapAccountNotFoundError extends BaseError {
  override name = 'SwapAccountNotFoundError' as const
  constructor(details: string) {
    super(MESSAGES.swapAccountNotFound, { details })
  }
}
export type SwapAccountNotFoundErrorType = SwapAccountNotFoundError & { name: 'SwapAccountNotFoundError' }

/**
 * What stops a swap before anything is asked (SPEC §5 Swap): no connected address, a missing
 * token, an amount that is empty, not a number or not above zero, a balance below it.
 */
export type SwapProblem =
  | 'notConnected'
  | 'noSourceToken'
  | 'noToToken'
  | 'sameToken'
  | 'noAmount'
  | 'invalidAmount'
  | 'zeroAmount'
  | 'insufficientBalance'
  | 'insufficientGas'
  | 'noTransaction'

const PROBLEM_TEXT: Partial<Record<SwapProblem, string>> = {
  notConnected: MESSAGES.swapNoAddress,
  noAmount: MESSAGES.swapEnterValidAmount,
  invalidAmount: MESSAGES.swapEnterValidAmount,
  zeroAmount: MESSAGES.swapEnterValidAmount,
  insufficientBalance: MESSAGES.swapInsufficientBalance,
  insufficientGas: MESSAGES.swapInsufficientBalance,
}

/** The swap cannot go ahead as asked; `problem` says why, before the server or the wallet is asked. */
export class SwapValidationError extends BaseError {
  override name = 'SwapValidationError' as const
  readonly problem: SwapProblem
  constructor(problem: SwapProblem, options: { details?: string } = {}) {
    super(PROBLEM_TEXT[problem] ?? 'The swap is not complete or not valid.', {
      details: options.details ?? `Problem: ${problem}`,
    })
    this.problem = problem
  }
}
export type SwapValidationErrorType = SwapValidationError & { name: 'SwapValidationError' }

/**
 * Which step of preparing a swap failed (SPEC §8): the quote, the allowance check, building the
 * approval, building the swap transaction.
 */
export type SwapStep = 'quote' | 'allowance' | 'approval' | 'transaction'

const STEP_TEXT: Record<SwapStep, string> = {
  quote: MESSAGES.swapInsufficientBalance,
  allowance: MESSAGES.swapAllowanceFailed,
  approval: MESSAGES.swapApprovalFailed,
  transaction: MESSAGES.swapTransactionFailed,
}

/** A step of preparing the swap failed; the service's error is the `cause`. */
export class SwapPreparationError extends BaseError {
  override name = 'SwapPreparationError' as const
  readonly step: SwapStep
  constructor(step: SwapStep, options: BaseErrorOptions = {}) {
    super(STEP_TEXT[step], options)
    this.step = step
  }
}
export type SwapPreparationErrorType = SwapPreparationError & { name: 'SwapPreparationError' }

/**
 * The swap was sent and the chain reverted it: most often the price moved beyond the slippage
 * tolerance between the quote and the block, and the router refused to give less than the
 * minimum. Nothing was swapped; only the network fee was spent.
 */
export class SwapRevertedError extends BaseError {
  override name = 'SwapRevertedError' as const
  readonly hash: string
  constructor(options: { hash: string; slippage: number }) {
    super('The swap was reverted on chain.', {
      details: `${options.hash} reverted; the slippage tolerance was ${options.slippage}%.`,
    })
    this.hash = options.hash
  }
}
export type SwapRevertedErrorType = SwapRevertedError & { name: 'SwapRevertedError' }

/** The approval was sent and the chain reverted it. */
export class SwapApprovalRevertedError extends BaseError {
  override name = 'SwapApprovalRevertedError' as const
  readonly hash: string
  constructor(hash: string) {
    super('The approval was reverted on chain.', { details: hash })
    this.hash = hash
  }
}
export type SwapApprovalRevertedErrorType = SwapApprovalRevertedError & { name: 'SwapApprovalRevertedError' }
