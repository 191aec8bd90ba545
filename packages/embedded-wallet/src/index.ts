// Public entry of @portico/embedded-wallet: the app-side client. The protocol is its own entry
// (`@portico/embedded-wallet/protocol`), shared with the frame.
export {
  type CreateEmbeddedWalletClientParameters,
  createEmbeddedWalletClient,
  type EmbeddedWalletClient,
  type EmbeddedWalletLogger,
  type EmbeddedWalletRequestOptions,
  type EmbeddedWalletTimeouts,
} from './client/createEmbeddedWalletClient.js'
export {
  createEmbeddedWalletProvider,
  type EmbeddedWalletProvider,
} from './client/createEmbeddedWalletProvider.js'
export type {
  FrameLoadErrorType,
  FrameNotSetErrorType,
  FrameRequestAbortedErrorType,
  FrameRequestErrorType,
  FrameTimeoutErrorType,
  FrameVersionMismatchErrorType,
  InvalidFrameUrlErrorType,
  RpcResultFormatErrorType,
  UnexpectedFrameReplyErrorType,
  UnsupportedRpcMethodErrorType,
  UntrustedFrameMessageErrorType,
} from './client/errors.js'
export {
  FRAME_ERROR_TEXTS,
  FrameLoadError,
  FrameNotSetError,
  FrameRequestAbortedError,
  FrameRequestError,
  FrameTimeoutError,
  FrameVersionMismatchError,
  InvalidFrameUrlError,
  RpcResultFormatError,
  UnexpectedFrameReplyError,
  UnsupportedRpcMethodError,
  UntrustedFrameMessageError,
} from './client/errors.js'
export {
  type CreateEmbeddedWalletOptions,
  createEmbeddedWallet,
  type PorticoEmbeddedWallet,
} from './createEmbeddedWallet.js'
export type { EmbeddedWalletErrorType, InvalidFrameMessageErrorType } from './protocol/errors.js'
export { EmbeddedWalletError, InvalidFrameMessageError } from './protocol/errors.js'
export { PROTOCOL_VERSION } from './protocol/version.js'
