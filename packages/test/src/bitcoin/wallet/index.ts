// Browser-safe entry @portico/test/bitcoin/wallet: Bitcoin wallets made of code, one per protocol.
export type { TestBitcoinAccountKeys } from './bitcoinKeys.js'
export { deriveAccountKeys, signBip137, signBip322, testPrivateKey } from './bitcoinKeys.js'
export type {
  SatsConnectResponse,
  TestBitcoinChain,
  TestBitcoinWallet,
  TestBitcoinWalletMode,
  TestBitcoinWalletOptions,
  TestBitcoinWalletState,
  TestSatsConnectProvider,
} from './createTestBitcoinWallet.js'
export { createTestBitcoinWallet } from './createTestBitcoinWallet.js'
export type { InstallTestBitcoinWalletConfig } from './installTestBitcoinWallet.js'
export { installTestBitcoinWallet } from './installTestBitcoinWallet.js'
