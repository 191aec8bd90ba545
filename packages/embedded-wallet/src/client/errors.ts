import { EmbeddedWalletError, type EmbeddedWalletErrorOptions } from '../protocol/errors.js'

/** The user-facing texts of SPEC §8 (frame and request), in one place so each can be checked. */
export const FRAME_ERROR_TEXTS = {
  /** An ERROR reply without a message of its own. */
  requestFailed: 'An error occurred',
  /** An unsafe RPC request cut short by `rejectRpcRequests` or `destroy`. */
  rpcAborted: 'Request was aborted',
  /** Any other request cut short. */
  aborted: 'Something went wrong',
  loadFailed: 'Unable to load email login dependency',
  notSet: 'The iframe or parent is not set',
  syncThemeFailed: 'Unable to sync theme to auth connector',
} as const

/** SPEC §8: the frame did not load (the iframe failed, or no FRAME_READY came in time). */
export class FrameLoadError extends EmbeddedWalletError {
  override name = 'FrameLoadError' as const
  constructor(options: EmbeddedWalletErrorOptions = {}) {
    super(FRAME_ERROR_TEXTS.loadFailed, options)
  }
}
export type FrameLoadErrorType = FrameLoadError & { name: 'FrameLoadError' }

/** The frame speaks another major protocol version than this page. */
export class FrameVersionMismatchError extends EmbeddedWalletError {
  override name = 'FrameVersionMismatchError' as const
  readonly frameVersion: string
  readonly clientVersion: string
  constructor(options: { frameVersion: string; clientVersion: string }) {
    super('The embedded wallet frame speaks an incompatible protocol version.', {
      details: `Frame ${options.frameVersion}, page ${options.clientVersion}.`,
    })
    this.frameVersion = options.frameVersion
    this.clientVersion = options.clientVersion
  }
}
export type FrameVersionMismatchErrorType = FrameVersionMismatchError & { name: 'FrameVersionMismatchError' }

/** SPEC §8: the frame answered with an ERROR reply; the message is the frame's own, or a default. */
export class FrameRequestError extends EmbeddedWalletError {
  override name = 'FrameRequestError' as const
  readonly type: string
  /** What the wallet added to its refusal (EIP-1193 `data`): a node's error, the part of a batch that was sent. */
  readonly data: unknown
  constructor(options: { type: string; message?: string; code?: number; data?: unknown }) {
    super(options.message?.trim() ? options.message : FRAME_ERROR_TEXTS.requestFailed, {
      ...(options.code !== undefined ? { code: options.code } : {}),
    })
    this.type = options.type
    this.data = options.data
  }
}
export type FrameRequestErrorType = FrameRequestError & { name: 'FrameRequestError' }

/** SPEC §8: a pending request was cut short on this side, not answered by the frame. */
export class FrameRequestAbortedError extends EmbeddedWalletError {
  override name = 'FrameRequestAbortedError' as const
  readonly type: string
  /**
   * EIP-1193 4001 for a wallet request: it is aborted because the visitor closed the view that
   * asked them, which is their refusal, and wallets' callers handle 4001 as exactly that.
   */
  override readonly code: number | undefined
  constructor(options: { type: string; cause?: unknown }) {
    super(options.type === 'APP_RPC_REQUEST' ? FRAME_ERROR_TEXTS.rpcAborted : FRAME_ERROR_TEXTS.aborted, {
      details: `Request ${options.type}`,
      cause: options.cause,
    })
    this.type = options.type
    this.code = options.type === 'APP_RPC_REQUEST' ? 4001 : undefined
  }
}
export type FrameRequestAbortedErrorType = FrameRequestAbortedError & { name: 'FrameRequestAbortedError' }

/** SPEC §9: the frame did not answer a request in time. */
export class FrameTimeoutError extends EmbeddedWalletError {
  override name = 'FrameTimeoutError' as const
  readonly type: string
  readonly timeoutMs: number
  constructor(options: { type: string; timeoutMs: number }) {
    super('The embedded wallet did not answer in time.', {
      details: `${options.type} waited ${options.timeoutMs} ms.`,
    })
    this.type = options.type
    this.timeoutMs = options.timeoutMs
  }
}
export type FrameTimeoutErrorType = FrameTimeoutError & { name: 'FrameTimeoutError' }

/** SPEC §8: there is no frame to talk to (it was removed or destroyed), or no page to host it. */
export class FrameNotSetError extends EmbeddedWalletError {
  override name = 'FrameNotSetError' as const
  constructor(details?: string, options: { cause?: unknown } = {}) {
    super(FRAME_ERROR_TEXTS.notSet, details ? { details, ...options } : options)
  }
}
export type FrameNotSetErrorType = FrameNotSetError & { name: 'FrameNotSetError' }

/** The frame URL cannot be pinned to an origin (not http or https). */
export class InvalidFrameUrlError extends EmbeddedWalletError {
  override name = 'InvalidFrameUrlError' as const
  constructor(frameUrl: string) {
    super('The embedded wallet frame URL must be an http or https URL.', { details: `Got ${frameUrl}` })
  }
}
export type InvalidFrameUrlErrorType = InvalidFrameUrlError & { name: 'InvalidFrameUrlError' }

/** A message claiming to be from the frame came from another origin or another window; it was dropped. */
export class UntrustedFrameMessageError extends EmbeddedWalletError {
  override name = 'UntrustedFrameMessageError' as const
  readonly origin: string
  constructor(options: { origin: string; reason: 'origin' | 'source' }) {
    super('Dropped a message that did not come from the embedded wallet frame.', {
      details:
        options.reason === 'origin' ? `Origin ${options.origin}` : `Another window at ${options.origin}`,
    })
    this.origin = options.origin
  }
}
export type UntrustedFrameMessageErrorType = UntrustedFrameMessageError & {
  name: 'UntrustedFrameMessageError'
}

/** A reply named an id that is not pending, or answered a request of another type; it was dropped. */
export class UnexpectedFrameReplyError extends EmbeddedWalletError {
  override name = 'UnexpectedFrameReplyError' as const
  constructor(options: { id: string; type: string; expected?: string }) {
    super('Dropped a frame reply that answers no pending request.', {
      details: options.expected
        ? `${options.type} for ${options.id}, which waits for ${options.expected}`
        : `${options.type} for ${options.id}`,
    })
  }
}
export type UnexpectedFrameReplyErrorType = UnexpectedFrameReplyError & { name: 'UnexpectedFrameReplyError' }

/** The frame answered an RPC call with a value that is not in the SPEC §5 format. */
export class RpcResultFormatError extends EmbeddedWalletError {
  override name = 'RpcResultFormatError' as const
  readonly method: string
  constructor(options: { method: string; expected: string }) {
    super(`The embedded wallet returned a malformed ${options.method} result.`, {
      details: `Expected ${options.expected}.`,
      code: -32603,
    })
    this.method = options.method
  }
}
export type RpcResultFormatErrorType = RpcResultFormatError & { name: 'RpcResultFormatError' }

/** EIP-1193 4200: the embedded wallet does not serve this method. */
export class UnsupportedRpcMethodError extends EmbeddedWalletError {
  override name = 'UnsupportedRpcMethodError' as const
  readonly method: string
  constructor(method: string) {
    super('The embedded wallet does not support this method.', { details: `Method ${method}`, code: 4200 })
    this.method = method
  }
}
export type UnsupportedRpcMethodErrorType = UnsupportedRpcMethodError & { name: 'UnsupportedRpcMethodError' }
