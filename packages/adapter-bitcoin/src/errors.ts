import { BaseError, type BaseErrorOptions, SendFailedError, UnrecognizedChainError } from '@portico/core'

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
  constructor(options: BaseErrorOptions = {}) {
    super('This Bitcoin network has no API configured.', options)
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

const PROBLEM_MESSAGES: Record<BitcoinSendProblem, string> = {
  invalidReceiver: 'The receiver is not a valid Bitcoin address.',
  invalidSender: 'The sender is not a valid Bitcoin address on this network.',
  ordinalsSender: 'Payments are sent from the payment address, never from the ordinals address.',
  tokenNotSupported: 'Only bitcoin can be sent on this network.',
  invalidAmount: 'The amount is out of range.',
  belowDust: 'The amount is below the smallest output the network relays (dust).',
  insufficientFunds: 'Not enough bitcoin to pay for the amount and the network fee.',
  walletChangedTransaction: 'The wallet changed the transaction it was asked to sign.',
  walletCannotSign: 'This wallet cannot sign Bitcoin transactions.',
}

/** A Bitcoin send checked before the wallet is asked: `problem` says what is wrong. */
export class BitcoinSendValidationError extends BaseError {
  override name = 'BitcoinSendValidationError' as const
  readonly problem: BitcoinSendProblem
  constructor(problem: BitcoinSendProblem, options: BaseErrorOptions = {}) {
    super(PROBLEM_MESSAGES[problem], options)
    this.problem = problem
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
  constructor(addressChain: string, networkChain: string, options: BaseErrorOptions = {}) {
    super(`This is a ${addressChain} address; this send is on ${networkChain}.`, options)
    this.addressChain = addressChain
    this.networkChain = networkChain
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
  constructor(reason: string, options: BaseErrorOptions = {}) {
    super(
      /conflict|double|missing|spent|inputs/i.test(reason)
        ? 'The network refused the transaction: its coins were already spent.'
        : 'The network refused the transaction.',
      { details: reason, ...options },
    )
  }
}
export type BitcoinBroadcastErrorType = BitcoinBroadcastError & { name: 'BitcoinBroadcastError' }

/** The adapter's send code (PSBTs, bitcoinjs-lib) could not be loaded; the next request tries again. */
export class BitcoinAdapterLoadError extends BaseError {
  override name = 'BitcoinAdapterLoadError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The Bitcoin network code could not be loaded. Please try again.', options)
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
