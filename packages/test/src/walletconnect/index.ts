// Node entry of @portico/test/walletconnect: a local WalletConnect relay and a wallet made of code.

export type { Bip122TransferApi, TestBip122Chain } from './answerBip122Request.js'
export { TEST_WALLETCONNECT_SOLANA_METHODS } from './answerSolanaRequest.js'
export { TEST_WALLETCONNECT_METHODS } from './answerWalletRequest.js'
export { TEST_WALLETCONNECT_BIP122_METHODS } from './bip122Methods.js'
export { createTestDappSignClient } from './createTestDappSignClient.js'
export type {
  CreateTestWalletConnectWalletOptions,
  TestWalletConnectBip122Options,
  TestWalletConnectMode,
  TestWalletConnectPolkadotOptions,
  TestWalletConnectRequest,
  TestWalletConnectSolanaOptions,
  TestWalletConnectWallet,
  WalletConnectSignClient,
} from './createTestWalletConnectWallet.js'
export {
  closeSignClient,
  createTestWalletConnectWallet,
  SessionUpdateTimeoutError,
} from './createTestWalletConnectWallet.js'
export { createWalletConnectMemoryStorage } from './createWalletConnectMemoryStorage.js'
export { TEST_WALLETCONNECT_POLKADOT_METHODS } from './polkadotMethods.js'
export { RelayErrorCode, RelayRequestError } from './relayRequests.js'
export type { StartWalletConnectRelayOptions, WalletConnectRelay } from './startWalletConnectRelay.js'
export {
  RELAY_REFUSED_PROJECT_CODE,
  RELAY_REFUSED_PROJECT_REASON,
  startWalletConnectRelay,
} from './startWalletConnectRelay.js'
