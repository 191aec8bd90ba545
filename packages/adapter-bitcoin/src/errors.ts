import {
  BaseError,
  type BaseErrorOptions,
  formatMessage,
  MESSAGES,
  type MessageKey,
  type Notice,
  SendFailedError,
  UnrecognizedChainError,
} from '@portico/core'

/** `defineBitcoinNetwork` or `withEsploraApi` was given something that cannot name a chain or an API. */
export class InvalidBitcoinNetworkError extends BaseError {
  override name = 'InvalidBitcoinNetworkError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('This is not a valid Bitcoin network.', options)
  }
}
export type InvalidBitcoinNetworkErrorType = InvalidBitcoinNetworkError & {
  name: 'InvalidBitcoinNetworkError'
}

/** The network names no Esplora-compatible API, so balances, fees and sends cannot be read. */
export class BitcoinApiNotConfiguredError extends BaseError {
  override name = 'BitcoinApiNotConfiguredError' as const
  readonly notice: Notice = { key: 'bitcoinApiNotConfigured' }
  constructor(options: BaseErrorOptions = {}) {
    super(MESSAGES.bitcoinApiNotConfigured, options)
  }
}
export type BitcoinApiNotConfiguredErrorType = BitcoinApiNotConfiguredError & {
  name: 'BitcoinApiNotConfiguredError'
}

/** The Esplora-compatible API answered with an error or something that is not its documented JSON. */
export class BitcoinApiError extends BaseError {
  override name = 'BitcoinApiError' as const
  readonly status: number | undefined
  constructor(message: string, options: BaseErrorOptions & { status?: number } = {}) {
    super(message, options)
    this.status = options.status
  }
}
export type BitcoinApiErrorType = BitcoinApiError & { name: 'BitcoinApiError' }

/** Why a Bitcoin send cannot be made as asked; each has its own sentence. */
export type BitcoinSendProblem =
  | 'invalidReceiver'
  | 'invalidSender'
  | 'ordinalsSender'
  | 'tokenNotSupported'
  | 'invalidAmount'
  | 'belowDust'
  | 'insufficientFunds'
  | 'walletChangedTransaction'
  | 'walletCannotSign'

// Each problem's sentence is core's message key `bitcoin<Problem>`, so the modal says it in its
// language; the key is spelled out of the problem to keep the eager entry small (tsc checks each exists).
type IsMessageKey<Key extends MessageKey> = Key
type ProblemKey = IsMessageKey<`bitcoin${Capitalize<BitcoinSendProblem>}`>
const problemKey = (problem: BitcoinSendProblem) =>
  `bitcoin${problem[0]!.toUpperCase()}${problem.slice(1)}` as ProblemKey

/** A Bitcoin send checked before the wallet is asked: `problem` says what is wrong. */
export class BitcoinSendValidationError extends BaseError {
  override name = 'BitcoinSendValidationError' as const
  readonly problem: BitcoinSendProblem
  /** What the modal shows, as core's message key. */
  readonly notice: Notice
  constructor(problem: BitcoinSendProblem, options: BaseErrorOptions = {}) {
    const key = problemKey(problem)
    super(MESSAGES[key], options)
    this.problem = problem
    this.notice = { key }
  }
}
export type BitcoinSendValidationErrorType = BitcoinSendValidationError & {
  name: 'BitcoinSendValidationError'
}

/**
 * An address of another chain: a testnet address on mainnet is refused by the name of its chain
 * ('This is a Bitcoin testnet address; this send is on Bitcoin mainnet.').
 */
export class BitcoinAddressNetworkError extends BaseError {
  override name = 'BitcoinAddressNetworkError' as const
  readonly addressChain: string
  readonly networkChain: string
  readonly notice: Notice
  constructor(addressChain: string, networkChain: string, options: BaseErrorOptions = {}) {
    const notice: Notice = {
      key: 'bitcoinAddressOtherNetwork',
      params: { address: addressChain, network: networkChain },
    }
    super(formatMessage(notice), options)
    this.addressChain = addressChain
    this.networkChain = networkChain
    this.notice = notice
  }
}
export type BitcoinAddressNetworkErrorType = BitcoinAddressNetworkError & {
  name: 'BitcoinAddressNetworkError'
}

/**
 * A send the node refused at broadcast (a double spend, a fee too low); core shows its text because it
 * is a `SendFailedError`, the node's reason is in `details`.
 */
export class BitcoinBroadcastError extends SendFailedError {
  override name = 'BitcoinBroadcastError' as const
  readonly notice: Notice
  constructor(reason: string, options: BaseErrorOptions = {}) {
    const key: MessageKey = /conflict|double|missing|spent|inputs/i.test(reason)
      ? 'bitcoinCoinsAlreadySpent'
      : /fee|priority/i.test(reason)
        ? 'bitcoinFeeTooLow'
        : 'bitcoinTransactionRefused'
    super(MESSAGES[key], { details: reason, ...options })
    this.notice = { key }
  }
}
export type BitcoinBroadcastErrorType = BitcoinBroadcastError & { name: 'BitcoinBroadcastError' }

/** The adapter's send code (PSBTs, bitcoinjs-lib) could not be loaded; the next request tries again. */
export class BitcoinAdapterLoadError extends BaseError {
  override name = 'BitcoinAdapterLoadError' as const
  readonly notice: Notice = { key: 'bitcoinCodeLoadFailed' }
  constructor(options: BaseErrorOptions = {}) {
    super(MESSAGES.bitcoinCodeLoadFailed, options)
  }
}
export type BitcoinAdapterLoadErrorType = BitcoinAdapterLoadError & { name: 'BitcoinAdapterLoadError' }

/** The wallet's payment address is not an address of the network asked for. */
export class BitcoinChainNotSupportedError extends UnrecognizedChainError {
  override name = 'BitcoinChainNotSupportedError' as const
}
export type BitcoinChainNotSupportedErrorType = BitcoinChainNotSupportedError & {
  name: 'BitcoinChainNotSupportedError'
}
