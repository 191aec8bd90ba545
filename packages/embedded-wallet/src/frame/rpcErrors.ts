/** A refusal of an RPC request, carrying its EIP-1193 / JSON-RPC code for the page's provider. */
export class FrameRpcError extends Error {
  override name: string = 'FrameRpcError'
  constructor(
    message: string,
    readonly code: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/** The visitor said no on the approval screen (EIP-1193 4001). */
export class UserRejectedRequestError extends FrameRpcError {
  override name = 'UserRejectedRequestError'
  constructor() {
    super('User rejected the request.', 4001)
  }
}

/** No wallet is unlocked in the frame, so nothing can be signed (EIP-1193 4100). */
export class UnauthorizedError extends FrameRpcError {
  override name = 'UnauthorizedError'
  constructor() {
    super('The embedded wallet is not connected: log in first.', 4100)
  }
}

/** The frame does not implement this method, or not yet (EIP-1193 4200). */
export class UnsupportedMethodError extends FrameRpcError {
  override name = 'UnsupportedMethodError'
  constructor(method: string, reason = 'is not supported by the embedded wallet') {
    super(`The method ${method} ${reason}.`, 4200)
  }
}

/** The request's parameters do not have the shape the method needs (JSON-RPC -32602). */
export class InvalidRpcParamsError extends FrameRpcError {
  override name = 'InvalidRpcParamsError'
  constructor(method: string, detail: string) {
    super(`Invalid parameters for ${method}: ${detail}.`, -32602)
  }
}
