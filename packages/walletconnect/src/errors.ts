import {
  BaseError,
  type BaseErrorOptions,
  MESSAGES,
  type Notice,
  ProviderRequestError,
  ProviderTimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@portico/core'

/** The visitor (or the site) stopped waiting for a wallet before it answered the pairing. */
export class WalletConnectAbortedError extends BaseError {
  override name = 'WalletConnectAbortedError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The WalletConnect pairing was cancelled.', options)
  }
}
export type WalletConnectAbortedErrorType = WalletConnectAbortedError & { name: 'WalletConnectAbortedError' }

/** The service was destroyed; make a new one to pair again. */
export class WalletConnectDestroyedError extends BaseError {
  override name = 'WalletConnectDestroyedError' as const
  constructor() {
    super('This WalletConnect service was destroyed.')
  }
}
export type WalletConnectDestroyedErrorType = WalletConnectDestroyedError & {
  name: 'WalletConnectDestroyedError'
}

/** The relay did not accept a pairing in time, so no QR code or link could be made. */
export class WalletConnectRelayError extends BaseError {
  override name = 'WalletConnectRelayError' as const
  readonly relayUrl: string
  constructor(options: BaseErrorOptions & { relayUrl: string; timeoutMs?: number }) {
    const { relayUrl, timeoutMs, ...rest } = options
    super('Could not reach the WalletConnect relay.', {
      details:
        timeoutMs === undefined
          ? `Relay ${relayUrl} refused the pairing.`
          : `Relay ${relayUrl} did not answer within ${timeoutMs} ms.`,
      ...rest,
    })
    this.relayUrl = relayUrl
  }
}
export type WalletConnectRelayErrorType = WalletConnectRelayError & { name: 'WalletConnectRelayError' }

/**
 * The relay closed its socket because it does not serve the project id: WalletConnect's public relay
 * serves only ids its operator issued (close code 3000, e.g. 'Unauthorized: invalid key' or
 * 'Project not found'). The visitor reads `wcProjectRefused`; `reason` is the relay's own words.
 */
export class WalletConnectProjectRefusedError extends BaseError {
  override name = 'WalletConnectProjectRefusedError' as const
  readonly notice: Notice = { key: 'wcProjectRefused' }
  readonly relayUrl: string
  readonly reason: string
  constructor(options: BaseErrorOptions & { relayUrl: string; projectId: string; reason: string }) {
    const { relayUrl, projectId, reason, ...rest } = options
    super(MESSAGES.wcProjectRefused, {
      // The site owner's clue: which relay, which id, the relay's own words (see the README).
      details: `Relay ${relayUrl} refused project id "${projectId}": ${reason}`,
      ...rest,
    })
    this.relayUrl = relayUrl
    this.reason = reason
  }
}
export type WalletConnectProjectRefusedErrorType = WalletConnectProjectRefusedError & {
  name: 'WalletConnectProjectRefusedError'
}

/**
 * The relay's reason when WalletConnect's client reports the socket closed with code 3000 (the
 * relay's "this project id is not one I serve"); undefined for any other error.
 */
export function projectRefusalReason(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined
  const match = message?.match(/closed abnormally with code: 3000\s*(?:\((.*)\))?/)
  if (!match) return undefined
  return match[1]?.trim() || 'no reason given'
}

/** The wallet turned the session down for a reason other than the visitor refusing (unsupported chains…). */
export class WalletConnectProposalError extends BaseError {
  override name = 'WalletConnectProposalError' as const
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet did not accept the connection.', options)
  }
}
export type WalletConnectProposalErrorType = WalletConnectProposalError & {
  name: 'WalletConnectProposalError'
}

/** A wallet's JSON-RPC error with no core class of its own; keeps the wallet's code and data. */
export class WalletConnectRequestError extends ProviderRequestError {
  override name = 'WalletConnectRequestError' as const
  readonly data: unknown
  constructor(message: string, options: BaseErrorOptions & { data?: unknown }) {
    const { data, ...rest } = options
    super(message, rest)
    this.data = data
  }
}
export type WalletConnectRequestErrorType = WalletConnectRequestError & { name: 'WalletConnectRequestError' }

/** The request's chain is not part of the approved session. */
export class WalletConnectChainNotApprovedError extends UnrecognizedChainError {
  override name = 'WalletConnectChainNotApprovedError' as const
  readonly chainId: string
  constructor(chainId: string, approved: readonly string[]) {
    super({ details: `${chainId} is not in the session (approved: ${approved.join(', ') || 'none'}).` })
    this.chainId = chainId
  }
}
export type WalletConnectChainNotApprovedErrorType = WalletConnectChainNotApprovedError & {
  name: 'WalletConnectChainNotApprovedError'
}

interface WireError {
  code?: number
  message?: string
  data?: unknown
}

// sign-client 2.21.8 rejects a refused sign-in (wc_sessionAuthenticate) with the bare message of
// WalletConnect's error, its code dropped: these are the USER_REJECTED family's messages.
const SDK_REJECTION_CODES: Readonly<Record<string, number>> = {
  'User rejected.': 5000,
  'User rejected chains.': 5001,
  'User rejected methods.': 5002,
  'User rejected events.': 5003,
}

function asWireError(error: unknown): WireError {
  if (typeof error === 'string') {
    const code = SDK_REJECTION_CODES[error]
    return code === undefined ? { message: error } : { code, message: error }
  }
  if (typeof error !== 'object' || error === null) return {}
  const { code, message, data } = error as Record<string, unknown>
  return {
    ...(typeof code === 'number' ? { code } : {}),
    ...(typeof message === 'string' ? { message } : {}),
    ...(data !== undefined ? { data } : {}),
  }
}

// WalletConnect's own "user rejected" family (getSdkError USER_REJECTED*, 5000–5003). Wallets built
// on WalletKit answer a declined request with 5000 as often as with EIP-1193's 4001.
function isSdkRejection(code: number | undefined): boolean {
  return code !== undefined && code >= 5000 && code <= 5003
}

/** Maps a wallet's answer to a refused request to core's errors, keeping code and data otherwise. */
export function toRequestError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const wire = asWireError(error)
  const details = wire.message
  if (wire.code === 4001 || isSdkRejection(wire.code)) {
    return new UserRejectedRequestError({ cause: error, ...(details ? { details } : {}) })
  }
  if (wire.code === 4902) return new UnrecognizedChainError({ cause: error, ...(details ? { details } : {}) })
  return new WalletConnectRequestError(wire.message || 'The wallet could not complete the request.', {
    cause: error,
    ...(wire.code !== undefined ? { code: wire.code } : {}),
    ...(wire.data !== undefined ? { data: wire.data } : {}),
  })
}

/** Maps a wallet's answer to a session proposal: a refusal becomes core's UserRejectedRequestError. */
export function toProposalError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  const wire = asWireError(error)
  const details = wire.message
  if (wire.code === 4001 || isSdkRejection(wire.code)) {
    return new UserRejectedRequestError({ cause: error, ...(details ? { details } : {}) })
  }
  return new WalletConnectProposalError({
    cause: error,
    ...(details ? { details } : {}),
    ...(wire.code !== undefined ? { code: wire.code } : {}),
  })
}

/** Sign-client's message when a proposal outlives its pairing: a cue to pair again, not a refusal. */
export function isProposalExpired(error: unknown): boolean {
  const { message } = asWireError(error)
  return message !== undefined && /proposal expired/i.test(message)
}

/** Core's timeout error for a wallet that never answers a request. */
export function requestTimeoutError(method: string, timeoutMs: number): ProviderTimeoutError {
  return new ProviderTimeoutError({
    timeoutMs,
    details: `The wallet did not answer ${method} within ${timeoutMs} ms.`,
  })
}
