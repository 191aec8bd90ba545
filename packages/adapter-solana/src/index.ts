// Public entry of @portico/adapter-solana; names only, no `export *`.

export type { DiscoveryTarget } from './createDiscovery.js'
export { getWalletConnectorId } from './createDiscovery.js'
export type { SolanaEmbeddedWallet } from './createEmbeddedSolanaWallet.js'
export type {
  InvalidSolanaNetworkErrorType,
  InvalidSolanaTransactionOptionsErrorType,
  SolanaAdapterLoadErrorType,
  SolanaChainNotSupportedErrorType,
  SolanaSendFailedErrorType,
  SolanaSendProblem,
  SolanaSendValidationErrorType,
} from './errors.js'
export {
  InvalidSolanaNetworkError,
  InvalidSolanaTransactionOptionsError,
  SolanaAdapterLoadError,
  SolanaChainNotSupportedError,
  SolanaSendFailedError,
  SolanaSendValidationError,
} from './errors.js'
export type { GetTokenBalancesParameters, SolanaKnownToken } from './getTokenBalances.js'
export { isUserRejection, mapWalletError } from './mapWalletError.js'
export type { DefineSolanaNetworkParameters, SolanaWalletChain } from './networks.js'
export {
  defineSolanaNetwork,
  getWalletStandardChain,
  solanaDevnet,
  solanaMainnet,
  solanaTestnet,
} from './networks.js'
export type { SolanaFeeEstimate } from './send.js'
export type { SolanaAdapter, SolanaAdapterFactory, SolanaAdapterOptions } from './solana.js'
export { solana } from './solana.js'
export { TOKEN_2022_PROGRAM_ADDRESS } from './tokenPrograms.js'
export type { SolanaCommitment, SolanaTransactionOptions } from './walletStandard.js'
