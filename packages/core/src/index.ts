// Public entry of @portico/core. Filled as modules land; names only, no `export *`.
export type { ChainNamespace, CaipNetworkId, CaipAddress, Network, NativeCurrency } from './types/network.js'
export type {
  Adapter,
  AdapterContext,
  AdapterEvent,
  AdapterFactory,
  Balance,
  ConnectResult,
  Connector,
  ConnectorType,
  Logger,
} from './types/adapter.js'
export type { Route, View } from './types/routes.js'
export {
  BaseError,
  UserRejectedRequestError,
  UnrecognizedChainError,
  InvalidChainIdError,
  ProviderRequestError,
  ProviderTimeoutError,
  ConnectorNotFoundError,
  AdapterNotFoundError,
  NetworkNotFoundError,
  NotConnectedError,
  InvalidResponseError,
  RequestCancelledError,
} from './errors/base.js'
export type { BaseErrorOptions } from './errors/base.js'
export { MESSAGES, ERROR_CODES, toUserMessage } from './errors/messages.js'
export type { Storage } from './storage/storage.js'
export { createMemoryStorage, createBrowserStorage } from './storage/storage.js'
