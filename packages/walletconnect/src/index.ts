// Public entry of @portico/walletconnect. Names only, no `export *`.
export type { WalletConnectStorage } from './createMemoryStorage.js'
export { createMemoryStorage } from './createMemoryStorage.js'
export { createWalletConnect } from './createWalletConnect.js'
export type {
  CreateWalletConnectParameters,
  WalletConnectMetadata,
  WalletConnectService,
} from './createWalletConnectParameters.js'
export {
  DEFAULT_PAIRING_TTL_MS,
  DEFAULT_RELAY_TIMEOUT_MS,
  DEFAULT_RELAY_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_STORAGE_PREFIX,
} from './createWalletConnectParameters.js'
export type {
  WalletConnectAbortedErrorType,
  WalletConnectChainNotApprovedErrorType,
  WalletConnectDestroyedErrorType,
  WalletConnectProjectRefusedErrorType,
  WalletConnectProposalErrorType,
  WalletConnectRelayErrorType,
  WalletConnectRequestErrorType,
} from './errors.js'
export {
  WalletConnectAbortedError,
  WalletConnectChainNotApprovedError,
  WalletConnectDestroyedError,
  WalletConnectProjectRefusedError,
  WalletConnectProposalError,
  WalletConnectRelayError,
  WalletConnectRequestError,
} from './errors.js'
