import { BaseError, type BaseErrorOptions, MESSAGES, SendFailedError } from '@portico/core'

/** `definePolkadotNetwork` was given something that cannot name a Polkadot-family chain. */
export class InvalidPolkadotNetworkError extends BaseError {
  override name = 'InvalidPolkadotNetworkError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('This is not a valid Polkadot network.', options)
  }
}
export type InvalidPolkadotNetworkErrorType = InvalidPolkadotNetworkError & {
  name: 'InvalidPolkadotNetworkError'
}

/** The node at the network's RPC URL is another chain than the network names (its genesis hash differs). */
export class PolkadotChainMismatchError extends BaseError {
  override name = 'PolkadotChainMismatchError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The Polkadot node is another chain than the network says.', options)
  }
}
export type PolkadotChainMismatchErrorType = PolkadotChainMismatchError & {
  name: 'PolkadotChainMismatchError'
}

/** Why a Polkadot send cannot be made as asked; each has its own sentence. */
export type PolkadotSendProblem =
  | 'invalidSender'
  | 'invalidReceiver'
  | 'receiverOtherNetwork'
  | 'tokenNotSupported'
  | 'invalidAmount'
  | 'insufficientBalance'
  | 'wouldReapSender'
  | 'receiverBelowExistentialDeposit'

const PROBLEM_MESSAGES: Record<PolkadotSendProblem, string> = {
  invalidSender: 'The sender is not a valid address on this network.',
  invalidReceiver: 'The receiver is not a valid Polkadot address.',
  receiverOtherNetwork:
    'The receiver address is written for another network: use its address on this network.',
  tokenNotSupported: 'Only the native token can be sent on this network.',
  invalidAmount: 'The amount is out of range.',
  insufficientBalance: 'Not enough transferable balance for the amount and the network fee.',
  wouldReapSender:
    'This would leave less than the existential deposit in your account, and the chain would remove it: send less.',
  receiverBelowExistentialDeposit:
    'The receiver would hold less than the existential deposit, which the chain refuses: send at least that much.',
}

/** A Polkadot send checked before the wallet is asked: `problem` says what is wrong. */
export class PolkadotSendValidationError extends SendFailedError {
  override name = 'PolkadotSendValidationError' as const
  readonly problem: PolkadotSendProblem
  constructor(problem: PolkadotSendProblem, options: BaseErrorOptions = {}) {
    super(PROBLEM_MESSAGES[problem], options)
    this.problem = problem
  }
}
export type PolkadotSendValidationErrorType = PolkadotSendValidationError & {
  name: 'PolkadotSendValidationError'
}

/**
 * A send the chain included but did not carry out: `error` is the module error's name
 * (`balances.InsufficientBalance`), or the dispatch error's kind when it is not a module's.
 */
export class PolkadotDispatchError extends SendFailedError {
  override name = 'PolkadotDispatchError' as const
  readonly error: string
  readonly hash: string
  constructor(parameters: { error: string; hash: string; docs?: string }, options: BaseErrorOptions = {}) {
    super(`The chain refused the transaction: ${parameters.error}.`, {
      details: `${parameters.hash}${parameters.docs ? `: ${parameters.docs}` : ''}`,
      ...options,
    })
    this.error = parameters.error
    this.hash = parameters.hash
  }
}
export type PolkadotDispatchErrorType = PolkadotDispatchError & { name: 'PolkadotDispatchError' }

/**
 * A Polkadot send that the wallet or the node did not complete; its text is SPEC §8's send failure,
 * the reason is in `details` and `cause`.
 */
export class PolkadotSendFailedError extends SendFailedError {
  override name = 'PolkadotSendFailedError' as const
  constructor(options: BaseErrorOptions = {}) {
    super(MESSAGES.solanaSendFailed, { code: 5000, ...options })
  }
}
export type PolkadotSendFailedErrorType = PolkadotSendFailedError & { name: 'PolkadotSendFailedError' }

/** The adapter's chain code (`@polkadot/api`), loaded on first use, could not be loaded; the next request tries again. */
export class PolkadotAdapterLoadError extends BaseError {
  override name = 'PolkadotAdapterLoadError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The Polkadot network code could not be loaded. Please try again.', options)
  }
}
export type PolkadotAdapterLoadErrorType = PolkadotAdapterLoadError & { name: 'PolkadotAdapterLoadError' }
