export interface BaseErrorOptions {
  cause?: unknown
  details?: string
  code?: number
}

/** Every error Portico throws: a stable `name`, one short sentence, optional details and code. */
export class BaseError extends Error {
  override name = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: number | undefined

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
  }
}

/** EIP-1193 4001: the visitor declined in the wallet. */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError'
  constructor(options: BaseErrorOptions = {}) {
    super('The request was rejected in the wallet.', { code: 4001, ...options })
  }
}

/** EIP-1193 4902: the wallet does not know the chain. */
export class UnrecognizedChainError extends BaseError {
  override name = 'UnrecognizedChainError'
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet does not recognise this network.', { code: 4902, ...options })
  }
}

/** -32603 / invalid chain id reported by a wallet while switching. */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError'
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet reported an invalid chain id.', { code: 32603, ...options })
  }
}

/** A wallet request failed for a reason other than the visitor declining. */
export class ProviderRequestError extends BaseError {
  override name = 'ProviderRequestError'
  constructor(message: string, options: BaseErrorOptions = {}) {
    super(message, { code: 5000, ...options })
  }
}

/** The wallet did not answer in time. */
export class ProviderTimeoutError extends BaseError {
  override name = 'ProviderTimeoutError'
  constructor(options: BaseErrorOptions & { timeoutMs: number }) {
    super('The wallet did not answer in time.', { details: `Waited ${options.timeoutMs} ms.`, ...options })
  }
}

export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError'
  constructor(connectorId: string) {
    super('This wallet is not available in this browser.', { details: `Connector ${connectorId}` })
  }
}

export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError'
  constructor(namespace: string) {
    super('No adapter is configured for this namespace.', { details: `Namespace ${namespace}` })
  }
}

/** SPEC §8 'Network Not Found': the network is not in the site's list. */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError'
  constructor(networkId: string) {
    super('Network Not Found', { details: `${networkId} is not in the networks list.` })
  }
}

export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError'
  constructor(namespace?: string) {
    super('No wallet is connected.', namespace ? { details: `Namespace ${namespace}` } : {})
  }
}

/** A value that crossed a trust boundary (wallet, storage, server) did not match its schema. */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError'
  constructor(what: string, options: BaseErrorOptions = {}) {
    super(`Received a malformed ${what}.`, options)
  }
}

/** The result of a request made stale by a newer one or by the visitor leaving the view. */
export class RequestCancelledError extends BaseError {
  override name = 'RequestCancelledError'
  constructor() {
    super('The request was cancelled.')
  }
}

/**
 * A transaction that the chain says would fail (its estimate or simulation reverted, or a token
 * answered `false`), so the wallet is never asked to send it.
 */
export class TransactionWouldFailError extends BaseError {
  override name = 'TransactionWouldFailError'
  constructor(options: BaseErrorOptions = {}) {
    super('This transaction would fail.', options)
  }
}

/** The wallet is on another network than the one a transaction is meant for. */
export class WrongNetworkError extends BaseError {
  override name = 'WrongNetworkError'
  readonly expectedChainId: number | string
  readonly actualChainId: number | string
  constructor(
    options: BaseErrorOptions & { expectedChainId: number | string; actualChainId: number | string },
  ) {
    super('Your wallet is on another network. Switch networks and try again.', {
      details: `Expected chain ${options.expectedChainId}, the wallet is on ${options.actualChainId}.`,
      ...options,
    })
    this.expectedChainId = options.expectedChainId
    this.actualChainId = options.actualChainId
  }
}

/**
 * A send the chain or the wallet failed, with the text the adapter wants the visitor to read
 * (SPEC §8: 'Failed to send transaction. Please try again.' for Solana); core shows it in place of
 * 'Something went wrong'. Adapters throw it, or a subclass, with the reason as `cause`.
 */
export class SendFailedError extends BaseError {
  override name = 'SendFailedError'
}
