// Public entry @portico/core/adapter-kit: what an author needs to write a namespace adapter (the
// contract, the errors core understands, the helpers every adapter needs, the conformance suite)
// and nothing a site uses. Names only, no `export *`.

export type { BaseErrorOptions } from '../errors/base.js'
export {
  BaseError,
  ConnectorNotFoundError,
  InvalidChainIdError,
  InvalidResponseError,
  NetworkNotFoundError,
  NotConnectedError,
  ProviderRequestError,
  ProviderTimeoutError,
  RequestCancelledError,
  SendFailedError,
  TransactionWouldFailError,
  UnrecognizedChainError,
  UserRejectedRequestError,
  WrongNetworkError,
} from '../errors/base.js'
export type { CaipNetworkId, ChainNamespace, NativeCurrency, Network } from '../network/types.js'
export { withTimeout } from '../timeout.js'
export { decodeBase58, encodeBase58 } from './base58.js'
export type {
  AccountTypesCapability,
  Adapter,
  AdapterContext,
  AdapterEvent,
  AdapterFactory,
  AdapterTokenBalance,
  Balance,
  BalanceParts,
  Connector,
  ConnectorType,
  ConnectResult,
  ContractCallParameters,
  ContractsCapability,
  FeeEstimate,
  Logger,
  NameRecord,
  NamesCapability,
  SendCapability,
  SendParameters,
  TypedAccount,
} from './contract.js'
export type { AnnouncementWaiter, CreateAnnouncementWaiterParameters } from './createAnnouncementWaiter.js'
export { createAnnouncementWaiter } from './createAnnouncementWaiter.js'
export type { ConnectionEntry, Connections } from './createConnections.js'
export { createConnections, findWallet } from './createConnections.js'
export type { ConnectorList } from './createConnectorList.js'
export { createConnectorList } from './createConnectorList.js'
export { createLazyImport } from './createLazyImport.js'
export type {
  CreateWalletConnectNamespaceParameters,
  WalletConnectAccounts,
  WalletConnectNamespace,
} from './createWalletConnectNamespace.js'
export { createWalletConnectNamespace, walletConnectConnector } from './createWalletConnectNamespace.js'
export type {
  CreateWalletStandardDiscoveryParameters,
  WalletStandardRegistry,
  WalletStandardTarget,
} from './createWalletStandardDiscovery.js'
export {
  createWalletStandardDiscovery,
  getWalletStandardConnectorId,
} from './createWalletStandardDiscovery.js'
export type { PollUntilParameters } from './pollUntil.js'
export { pollUntil } from './pollUntil.js'
export type {
  AdapterConformanceFixture,
  ConformanceRunner,
  ConformanceSetup,
  ConformanceWallet,
} from './runAdapterConformance.js'
export { runAdapterConformance } from './runAdapterConformance.js'
export type { WalletDiscovery } from './WalletDiscovery.js'
export type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChange,
  StandardEventsFeature,
  WalletStandardAccount,
  WalletStandardWallet,
} from './walletStandard.js'
export {
  getWalletFeature,
  isWalletStandardWallet,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
} from './walletStandard.js'
