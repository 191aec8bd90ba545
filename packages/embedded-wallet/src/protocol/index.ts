// `@portico/embedded-wallet/protocol`: the messages between a page and the embedded-wallet frame.
// One source of truth for both sides; imports only zod and core's error classes (`@portico/core/errors`).
export type { EmbeddedWalletErrorType, InvalidFrameMessageErrorType } from './errors.js'
export { EmbeddedWalletError, type EmbeddedWalletErrorOptions, InvalidFrameMessageError } from './errors.js'
export { isSignedMessage, isTransactionHash, SIGNED_MESSAGE, TRANSACTION_HASH } from './formats.js'
export {
  APP_MESSAGE_TYPES,
  type AppMessage,
  type AppMessagePayload,
  type AppMessageType,
  appMessageSchema,
  type FrameErrorPayload,
  type FrameErrorReply,
  type FrameEvent,
  type FrameMessage,
  type FrameReply,
  type FrameReplyType,
  type FrameSuccessPayload,
  frameErrorPayloadSchema,
  frameEventSchema,
  frameReplySchema,
  MESSAGE_MARKER,
  replyTypeOf,
  themeVariablesSchema,
} from './messages.js'
export { parseAppMessage, parseFrameMessage } from './parse.js'
export {
  chainIdSchema,
  EVM_READ_METHODS,
  type EvmTransaction,
  evmTransactionSchema,
  isSafeRpcMethod,
  isSupportedRpcMethod,
  RPC_METHODS,
  type RpcMethod,
  type RpcRequest,
  rpcRequestSchema,
  SAFE_RPC_METHODS,
  type SafeRpcMethod,
  sendCallSchema,
  sendCallsParamsSchema,
  solanaSendOptionsSchema,
  typedDataSchema,
} from './rpc.js'
export { isCompatibleVersion, PROTOCOL_VERSION } from './version.js'
