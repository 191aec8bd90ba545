export interface BaseErrorOptions {
  cause?: unknown
  details?: string
  /** A wallet's EIP-1193 / JSON-RPC number, or a server contract's code (`RATE_LIMITED`). */
  code?: number | string
}

/**
 * Every error Portico throws: a stable `name`, one short sentence, optional details and code. Each
 * subclass has a literal `name` and a `…Type` beside it (`UserRejectedRequestErrorType`), so an
 * action's `…ErrorType` union narrows on `error.name` without `instanceof` (which fails when two
 * copies of a package are on a page).
 */
export class BaseError extends Error {
  override name: string = 'PorticoError'
  readonly shortMessage: string
  readonly details: string | undefined
  /**
   * What a wallet or a server calls this refusal: EIP-1193 / JSON-RPC numbers for a wallet (4001), the
   * server contract's codes for an HTTP refusal (`RATE_LIMITED`, as Node's own errors name theirs).
   */
  readonly code: number | string | undefined

  constructor(shortMessage: string, options: BaseErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
  }

  /**
   * Follows `cause` down the chain: without `match`, the deepest cause; with it, the first error on
   * the chain (this one included) that matches, or `null`.
   *
   * @example
   * const rejected = error.walk((cause) => cause instanceof UserRejectedRequestError)
   */
  walk(match?: (error: unknown) => boolean): unknown {
    return walkCauses(this, match)
  }
}
export type BaseErrorType = BaseError & { name: string }

function walkCauses(error: unknown, match: ((error: unknown) => boolean) | undefined): unknown {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current !== undefined && current !== null && !seen.has(current)) {
    if (match?.(current)) return current
    seen.add(current)
    const cause: unknown = (current as { cause?: unknown }).cause
    if (cause === undefined || cause === null || seen.has(cause)) return match ? null : current
    current = cause
  }
  return match ? null : current
}

/** EIP-1193 4001: the visitor declined in the wallet. */
export class UserRejectedRequestError extends BaseError {
  override name = 'UserRejectedRequestError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The request was rejected in the wallet.', { code: 4001, ...options })
  }
}
export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }

/** EIP-1193 4902: the wallet does not know the chain. */
export class UnrecognizedChainError extends BaseError {
  // A string, not the literal: adapters subclass it under their own name (the `…Type` narrows).
  override name: string = 'UnrecognizedChainError'
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet does not recognise this network.', { code: 4902, ...options })
  }
}
export type UnrecognizedChainErrorType = UnrecognizedChainError & { name: 'UnrecognizedChainError' }

/** -32603 / invalid chain id reported by a wallet while switching. */
export class InvalidChainIdError extends BaseError {
  override name = 'InvalidChainIdError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet reported an invalid chain id.', { code: 32603, ...options })
  }
}
export type InvalidChainIdErrorType = InvalidChainIdError & { name: 'InvalidChainIdError' }

/** A wallet request failed for a reason other than the visitor declining. */
export class ProviderRequestError extends BaseError {
  // A string, not the literal: adapters subclass it under their own name (the `…Type` narrows).
  override name: string = 'ProviderRequestError'
  constructor(message: string, options: BaseErrorOptions = {}) {
    super(message, { code: 5000, ...options })
  }
}
export type ProviderRequestErrorType = ProviderRequestError & { name: 'ProviderRequestError' }

/** The wallet did not answer in time. */
export class ProviderTimeoutError extends BaseError {
  override name = 'ProviderTimeoutError' as const
  constructor(options: BaseErrorOptions & { timeoutMs: number }) {
    super('The wallet did not answer in time.', { details: `Waited ${options.timeoutMs} ms.`, ...options })
  }
}
export type ProviderTimeoutErrorType = ProviderTimeoutError & { name: 'ProviderTimeoutError' }

export class ConnectorNotFoundError extends BaseError {
  override name = 'ConnectorNotFoundError' as const
  constructor(connectorId: string) {
    super('This wallet is not available in this browser.', { details: `Connector ${connectorId}` })
  }
}
export type ConnectorNotFoundErrorType = ConnectorNotFoundError & { name: 'ConnectorNotFoundError' }

export class AdapterNotFoundError extends BaseError {
  override name = 'AdapterNotFoundError' as const
  constructor(namespace: string) {
    super('No adapter is configured for this namespace.', { details: `Namespace ${namespace}` })
  }
}
export type AdapterNotFoundErrorType = AdapterNotFoundError & { name: 'AdapterNotFoundError' }

/** SPEC §8 'Network Not Found': the network is not in the site's list. */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError' as const
  constructor(networkId: string) {
    super('Network Not Found', { details: `${networkId} is not in the networks list.` })
  }
}
export type NetworkNotFoundErrorType = NetworkNotFoundError & { name: 'NetworkNotFoundError' }

export class NotConnectedError extends BaseError {
  override name = 'NotConnectedError' as const
  constructor(namespace?: string) {
    super('No wallet is connected.', namespace ? { details: `Namespace ${namespace}` } : {})
  }
}
export type NotConnectedErrorType = NotConnectedError & { name: 'NotConnectedError' }

/** A value that crossed a trust boundary (wallet, storage, server) did not match its schema. */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError' as const
  constructor(what: string, options: BaseErrorOptions = {}) {
    super(`Received a malformed ${what}.`, options)
  }
}
export type InvalidResponseErrorType = InvalidResponseError & { name: 'InvalidResponseError' }

/** The result of a request made stale by a newer one or by the visitor leaving the view. */
export class RequestCancelledError extends BaseError {
  override name = 'RequestCancelledError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The request was cancelled.', options)
  }
}
export type RequestCancelledErrorType = RequestCancelledError & { name: 'RequestCancelledError' }

/**
 * A transaction that the chain says would fail (its estimate or simulation reverted, or a token
 * answered `false`), so the wallet is never asked to send it.
 */
export class TransactionWouldFailError extends BaseError {
  override name = 'TransactionWouldFailError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('This transaction would fail.', options)
  }
}
export type TransactionWouldFailErrorType = TransactionWouldFailError & { name: 'TransactionWouldFailError' }

/** The wallet is on another network than the one a transaction is meant for. */
export class WrongNetworkError extends BaseError {
  override name = 'WrongNetworkError' as const
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
export type WrongNetworkErrorType = WrongNetworkError & { name: 'WrongNetworkError' }

/**
 * A send the chain or the wallet failed, with the text the adapter wants the visitor to read
 * (SPEC §8: 'Failed to send transaction. Please try again.' for Solana); core shows it in place of
 * 'Something went wrong'. Adapters throw it, or a subclass, with the reason as `cause`.
 */
export class SendFailedError extends BaseError {
  // A string, not the literal: adapters subclass it under their own name (the `…Type` narrows).
  override name: string = 'SendFailedError'
}
export type SendFailedErrorType = SendFailedError & { name: 'SendFailedError' }
