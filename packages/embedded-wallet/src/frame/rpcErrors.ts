import { BaseError } from '@portico/core/errors'

/**
 * A refusal of an RPC request, carrying its EIP-1193 / JSON-RPC code for the page's provider and,
 * where the page needs more than the message, the error's `data`.
 */
export class FrameRpcError extends BaseError {
  // A string, not the literal: each refusal subclasses it under its own name.
  override name: string = 'FrameRpcError'
  declare readonly code: number
  readonly data: unknown
  constructor(message: string, code: number, options?: { cause?: unknown; data?: unknown }) {
    super(message, { code, ...(options?.cause === undefined ? {} : { cause: options.cause }) })
    this.data = options?.data
  }
}
export type FrameRpcErrorType = FrameRpcError & { name: 'FrameRpcError' }

/** The visitor said no on the approval screen (EIP-1193 4001). */
export class UserRejectedRequestError extends FrameRpcError {
  override name = 'UserRejectedRequestError' as const
  constructor() {
    super('User rejected the request.', 4001)
  }
}
export type UserRejectedRequestErrorType = UserRejectedRequestError & { name: 'UserRejectedRequestError' }

/** The visitor cancelled an account change on the frame's own screen (EIP-1193 4001, as a rejection). */
export class EmailChangeCancelledError extends FrameRpcError {
  override name = 'EmailChangeCancelledError' as const
  constructor() {
    super('The e-mail change was cancelled.', 4001)
  }
}
export type EmailChangeCancelledErrorType = EmailChangeCancelledError & { name: 'EmailChangeCancelledError' }

/** No wallet is unlocked in the frame, so nothing can be signed (EIP-1193 4100). */
export class UnauthorizedError extends FrameRpcError {
  override name = 'UnauthorizedError' as const
  constructor() {
    super('The embedded wallet is not connected: log in first.', 4100)
  }
}
export type UnauthorizedErrorType = UnauthorizedError & { name: 'UnauthorizedError' }

/** The frame does not implement this method, or not yet (EIP-1193 4200). */
export class UnsupportedMethodError extends FrameRpcError {
  override name = 'UnsupportedMethodError' as const
  constructor(method: string, reason = 'is not supported by the embedded wallet') {
    super(`The method ${method} ${reason}.`, 4200)
  }
}
export type UnsupportedMethodErrorType = UnsupportedMethodError & { name: 'UnsupportedMethodError' }

/** The request's parameters do not have the shape the method needs (JSON-RPC -32602). */
export class InvalidRpcParamsError extends FrameRpcError {
  override name = 'InvalidRpcParamsError' as const
  constructor(method: string, detail: string) {
    super(`Invalid parameters for ${method}: ${detail}.`, -32602)
  }
}
export type InvalidRpcParamsErrorType = InvalidRpcParamsError & { name: 'InvalidRpcParamsError' }

/** The request is for one chain but names another, so its result could be used there (EIP-1193 4901). */
export class ChainMismatchError extends FrameRpcError {
  override name = 'ChainMismatchError' as const
  constructor(what: string, named: number, chainId: number) {
    super(`The ${what} is for chain ${named}, but the wallet is on ${chainId}.`, 4901)
  }
}
export type ChainMismatchErrorType = ChainMismatchError & { name: 'ChainMismatchError' }

/**
 * EIP-712 typed data whose `domain.chainId` is not the chain the request is for. The text is
 * MetaMask's, so apps that already recognise MetaMask's refusal recognise this one.
 */
export class TypedDataChainMismatchError extends FrameRpcError {
  override name = 'TypedDataChainMismatchError' as const
  constructor(domainChainId: string, chainId: number) {
    // MetaMask checks this while validating the parameters (validateTypedSignMessageDataV3V4) and
    // never asks the user, i.e. it treats it as bad input: of the two codes that is -32602. 4901
    // would say the wallet is not connected to the chain, which is false: it is connected to the
    // request's chain and the typed data names another.
    super(`Provided chainId "${domainChainId}" must match the active chainId "${chainId}".`, -32602)
  }
}
export type TypedDataChainMismatchErrorType = TypedDataChainMismatchError & {
  name: 'TypedDataChainMismatchError'
}

/** EIP-5792 5760: the batch must run atomically, and this wallet, an EOA, cannot do that. */
export class AtomicityNotSupportedError extends FrameRpcError {
  override name = 'AtomicityNotSupportedError' as const
  constructor() {
    super(
      'Atomicity not supported: the embedded wallet is an externally owned account and sends calls one after another.',
      5760,
    )
  }
}
export type AtomicityNotSupportedErrorType = AtomicityNotSupportedError & {
  name: 'AtomicityNotSupportedError'
}

/** EIP-5792 5740: more calls than one bundle id can name. */
export class BundleTooLargeError extends FrameRpcError {
  override name = 'BundleTooLargeError' as const
  constructor(calls: number, max: number) {
    super(`Bundle too large: ${calls} calls, the embedded wallet sends at most ${max} in one bundle.`, 5740)
  }
}
export type BundleTooLargeErrorType = BundleTooLargeError & { name: 'BundleTooLargeError' }

/** EIP-5792 5720: the app named its batch with an id it already used. */
export class DuplicateBundleIdError extends FrameRpcError {
  override name = 'DuplicateBundleIdError' as const
  constructor(id: string) {
    super(`Duplicate id: a batch with the id ${id} was already sent.`, 5720)
  }
}
export type DuplicateBundleIdErrorType = DuplicateBundleIdError & { name: 'DuplicateBundleIdError' }

/** EIP-5792 5730: the id is not one this wallet issued, or not an id at all. */
export class UnknownBundleIdError extends FrameRpcError {
  override name = 'UnknownBundleIdError' as const
  constructor(id: unknown) {
    super(`Unknown bundle id: no calls were sent by this wallet with the id ${String(id)}.`, 5730)
  }
}
export type UnknownBundleIdErrorType = UnknownBundleIdError & { name: 'UnknownBundleIdError' }

/**
 * A batch stopped part-way: earlier calls were sent and stay on chain. `data.id` is the bundle id
 * of the part that was sent, for wallet_getCallsStatus.
 */
export class CallsPartiallySentError extends FrameRpcError {
  override name = 'CallsPartiallySentError' as const
  constructor(options: {
    sent: number
    total: number
    id: string
    reason: string
    code: number
    cause?: unknown
  }) {
    const { sent, total, id, reason } = options
    const sentPart =
      sent === 1 ? 'call 1 was sent and stays on chain' : `calls 1 to ${sent} were sent and stay on chain`
    super(
      `The batch stopped: ${reason}. Only ${sentPart}; the bundle id of what was sent is ${id}.`,
      options.code,
      { cause: options.cause, data: { id, sentCalls: sent, totalCalls: total } },
    )
  }
}
export type CallsPartiallySentErrorType = CallsPartiallySentError & { name: 'CallsPartiallySentError' }
