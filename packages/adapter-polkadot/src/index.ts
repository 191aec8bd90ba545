// Public entry of @portico/adapter-polkadot; names only, no `export *`.

export { isExtensionRejection, mapExtensionError } from './callExtension.js'
export type { PolkadotBalance } from './chainCapabilities.js'
export type {
  InvalidPolkadotNetworkErrorType,
  PolkadotAdapterLoadErrorType,
  PolkadotChainMismatchErrorType,
  PolkadotDispatchErrorType,
  PolkadotSendFailedErrorType,
  PolkadotSendProblem,
  PolkadotSendValidationErrorType,
} from './errors.js'
export {
  InvalidPolkadotNetworkError,
  PolkadotAdapterLoadError,
  PolkadotChainMismatchError,
  PolkadotDispatchError,
  PolkadotSendFailedError,
  PolkadotSendValidationError,
} from './errors.js'
export type { InjectedAccount, InjectedExtension, InjectedWindow } from './injectedWeb3.js'
export type { DefinePolkadotNetworkParameters, PolkadotNetwork } from './networks.js'
export {
  definePolkadotNetwork,
  getSs58Prefix,
  kusama,
  paseo,
  polkadotAssetHub,
  polkadotMainnet,
  westend,
} from './networks.js'
export type { PolkadotAdapter, PolkadotAdapterFactory, PolkadotAdapterOptions } from './polkadot.js'
export { checkPolkadotAddress, polkadot } from './polkadot.js'
export { decodeSs58, encodeSs58 } from './ss58.js'
export { WALLET_CONNECT_POLKADOT_METHODS } from './walletConnectMethods.js'
