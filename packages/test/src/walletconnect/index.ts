// Node entry of @portico/test/walletconnect: a local WalletConnect relay and a wallet made of code.

export { TEST_WALLETCONNECT_SOLANA_METHODS } from './answerSolanaRequest.js'
export { TEST_WALLETCONNECT_METHODS } from './answerWalletRequest.js'
export { createTestDappSignClient } from './createTestDappSignClient.js'
export type {
  CreateTestWalletConnectWalletOptions,
  TestWalletConnectMode,
  TestWalletConnectPolkadotOptions,
  TestWalletConnectRequest,
  TestWalletConnectSolanaOptions,
  TestWalletConnectWallet,
  WalletConnectSignClient,
} from './createTestWalletConnectWallet.js'
export { closeSignClient, createTestWalletConnectWallet } from './createTestWalletConnectWallet.js'
export { createWalletConnectMemoryStorage } from './createWalletConnectMemoryStorage.js'
export { TEST_WALLETCONNECT_POLKADOT_METHODS } from './polkadotMethods.js'
export { RelayErrorCode, RelayRequestError } from './relayRequests.js'
export type { StartWalletConnectRelayOptions, WalletConnectRelay } from './startWalletConnectRelay.js'
export { startWalletConnectRelay } from './startWalletConnectRelay.js'
