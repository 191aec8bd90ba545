// The errors of sending (SPEC §5 Sending, §8): what `sendTokens` and `estimateSendFee` reject
// with besides the wallet's and the chain's own errors.

import { BaseError } from '../errors/base.js'
import { MESSAGES } from '../notices/messages.js'
import type { SendProblem } from './send.js'

// SPEC §5: a send without a valid amount or receiver says 'Please enter a valid amount and receiver address'.
const AMOUNT_OR_RECEIVER_PROBLEMS: ReadonlySet<SendProblem> = new Set<SendProblem>([
  'noAmount',
  'invalidAmount',
  'tooManyDecimals',
  'zeroAmount',
  'noReceiver',
  'invalidAddress',
])

/** True for the problems SPEC §5 words as 'Please enter a valid amount and receiver address'. */
export function isAmountOrReceiverProblem(problem: SendProblem): boolean {
  return AMOUNT_OR_RECEIVER_PROBLEMS.has(problem)
}

/** The send cannot go ahead as asked; `problem` says why, before the wallet is asked anything. */
export class SendValidationError extends BaseError {
  override name = 'SendValidationError' as const
  readonly problem: SendProblem
  constructor(problem: SendProblem, options: { details?: string } = {}) {
    super(
      isAmountOrReceiverProblem(problem)
        ? MESSAGES.enterAmountAndReceiver
        : problem === 'unsupportedChain'
          ? MESSAGES.sendUnsupportedChain
          : 'The send is not complete or not valid.',
      { details: options.details ?? `Problem: ${problem}` },
    )
    this.problem = problem
  }
}
export type SendValidationErrorType = SendValidationError & { name: 'SendValidationError' }

/** The adapter of this namespace cannot send. */
export class SendUnavailableError extends BaseError {
  override name = 'SendUnavailableError' as const
  constructor(namespace: string) {
    super('Sending is not available on this network.', { details: `Namespace ${namespace}` })
  }
}
export type SendUnavailableErrorType = SendUnavailableError & { name: 'SendUnavailableError' }

/**
 * The transaction was sent (it has a `hash`) but the chain did not report it within the wait, or
 * could not be asked: it may still be included, and stays listed as pending in Activity.
 */
export class SendConfirmationTimeoutError extends BaseError {
  override name = 'SendConfirmationTimeoutError' as const
  /** The transaction that was sent. */
  readonly hash: string
  constructor(options: { hash: string; timeoutMs: number; cause?: unknown }) {
    super('The transaction was not confirmed in time.', {
      details: `Waited ${options.timeoutMs} ms for ${options.hash}.`,
      cause: options.cause,
    })
    this.hash = options.hash
  }
}
export type SendConfirmationTimeoutErrorType = SendConfirmationTimeoutError & {
  name: 'SendConfirmationTimeoutError'
}
