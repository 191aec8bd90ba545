import {
  BaseError,
  type BaseErrorOptions,
  formatMessage,
  MESSAGES,
  type MessageKey,
  type Notice,
  SendFailedError,
} from '@portico/core'

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

// Each problem's sentence is one of core's message keys, so the modal says it in its language.
const PROBLEM_KEYS = {
  invalidSender: 'enterAmountAndReceiver',
  invalidReceiver: 'polkadotInvalidReceiver',
  receiverOtherNetwork: 'polkadotReceiverOtherNetwork',
  tokenNotSupported: 'polkadotNativeOnly',
  invalidAmount: 'enterAmountAndReceiver',
  insufficientBalance: 'polkadotInsufficientBalance',
  wouldReapSender: 'polkadotWouldReapSender',
  receiverBelowExistentialDeposit: 'polkadotReceiverBelowDeposit',
} as const satisfies Record<PolkadotSendProblem, MessageKey>

/** A Polkadot send checked before the wallet is asked: `problem` says what is wrong. */
export class PolkadotSendValidationError extends SendFailedError {
  override name = 'PolkadotSendValidationError' as const
  readonly problem: PolkadotSendProblem
  /** What the modal shows, as core's message key. */
  readonly notice: Notice
  constructor(problem: PolkadotSendProblem, options: BaseErrorOptions = {}) {
    super(MESSAGES[PROBLEM_KEYS[problem]], options)
    this.problem = problem
    this.notice = { key: PROBLEM_KEYS[problem] }
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
  readonly notice: Notice
  constructor(parameters: { error: string; hash: string; docs?: string }, options: BaseErrorOptions = {}) {
    const notice: Notice = { key: 'polkadotDispatchFailed', params: { error: parameters.error } }
    super(formatMessage(notice), {
      details: `${parameters.hash}${parameters.docs ? `: ${parameters.docs}` : ''}`,
      ...options,
    })
    this.error = parameters.error
    this.hash = parameters.hash
    this.notice = notice
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
