import {
  BaseError,
  type BaseErrorOptions,
  MESSAGES,
  SendFailedError,
  UnrecognizedChainError,
} from '@portico/core'

/** `defineSolanaNetwork` was given an id or RPC URL that cannot name a cluster. */
export class InvalidSolanaNetworkError extends BaseError {
  override name = 'InvalidSolanaNetworkError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('This is not a valid Solana network.', options)
  }
}
export type InvalidSolanaNetworkErrorType = InvalidSolanaNetworkError & { name: 'InvalidSolanaNetworkError' }

/** The adapter's transaction options break SPEC §5's sign-and-send rules. */
export class InvalidSolanaTransactionOptionsError extends BaseError {
  override name = 'InvalidSolanaTransactionOptionsError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The Solana transaction options are not valid.', options)
  }
}
export type InvalidSolanaTransactionOptionsErrorType = InvalidSolanaTransactionOptionsError & {
  name: 'InvalidSolanaTransactionOptionsError'
}

/** The connected account does not list the cluster: Solana wallets cannot be asked to switch. */
export class SolanaChainNotSupportedError extends UnrecognizedChainError {
  override name = 'SolanaChainNotSupportedError' as const
}
export type SolanaChainNotSupportedErrorType = SolanaChainNotSupportedError & {
  name: 'SolanaChainNotSupportedError'
}

/**
 * A Solana send that the wallet or the network did not complete; its text is SPEC §8's
 * 'Failed to send transaction. Please try again.', the reason is in `details` and `cause`. Core shows
 * its text because it is a `SendFailedError`.
 */
export class SolanaSendFailedError extends SendFailedError {
  override name = 'SolanaSendFailedError' as const
  constructor(options: BaseErrorOptions = {}) {
    super(MESSAGES.solanaSendFailed, { code: 5000, ...options })
  }
}
export type SolanaSendFailedErrorType = SolanaSendFailedError & { name: 'SolanaSendFailedError' }

/** Why a Solana send cannot be made as asked; each has its own sentence. */
export type SolanaSendProblem =
  | 'invalidSender'
  | 'invalidReceiver'
  | 'invalidToken'
  | 'invalidAmount'
  | 'notATokenMint'
  | 'receiverIsTokenAccount'
  | 'insufficientSol'
  | 'insufficientTokens'
  | 'belowAccountMinimum'
  | 'leavesBelowAccountMinimum'

const PROBLEM_MESSAGES: Record<SolanaSendProblem, string> = {
  invalidSender: 'The sender is not a valid Solana address.',
  invalidReceiver: 'The receiver is not a valid Solana address.',
  invalidToken: 'The token is not a valid Solana mint address.',
  invalidAmount: 'The amount is out of range.',
  notATokenMint: 'The token is not an SPL token mint on this network.',
  receiverIsTokenAccount: "The receiver is a token account: send to its owner's wallet address instead.",
  insufficientSol: 'Not enough SOL to pay for the amount and the network fee.',
  insufficientTokens: 'Not enough tokens to send this amount.',
  belowAccountMinimum: 'A new Solana account must receive at least the rent-exempt minimum of SOL.',
  leavesBelowAccountMinimum:
    'This would leave less SOL than a Solana account must keep: send all of it or leave the minimum.',
}

/** A Solana send checked before the wallet is asked: `problem` says what is wrong. */
export class SolanaSendValidationError extends BaseError {
  override name = 'SolanaSendValidationError' as const
  readonly problem: SolanaSendProblem
  constructor(problem: SolanaSendProblem, options: BaseErrorOptions = {}) {
    super(PROBLEM_MESSAGES[problem], options)
    this.problem = problem
  }
}
export type SolanaSendValidationErrorType = SolanaSendValidationError & { name: 'SolanaSendValidationError' }

/**
 * The adapter's network code (balances, fees, sends), loaded on first use to keep a page's first
 * download small, could not be loaded; the next request tries again.
 */
export class SolanaAdapterLoadError extends BaseError {
  override name = 'SolanaAdapterLoadError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The Solana network code could not be loaded. Please try again.', options)
  }
}
export type SolanaAdapterLoadErrorType = SolanaAdapterLoadError & { name: 'SolanaAdapterLoadError' }
