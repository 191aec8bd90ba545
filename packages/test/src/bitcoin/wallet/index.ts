// Browser-safe entry @portico/test/bitcoin/wallet: Bitcoin wallets made of code, one per protocol.
export type { TestBitcoinAccountKeys } from './bitcoinKeys.js'
export { deriveAccountKeys, signBip137, signBip322, testPrivateKey } from './bitcoinKeys.js'
export type {
  TestBitcoinStandardWallet,
  TestBitcoinStandardWalletOptions,
  TestBitcoinStandardWalletState,
} from './createTestBitcoinStandardWallet.js'
export { createTestBitcoinStandardWallet } from './createTestBitcoinStandardWallet.js'
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
export type {
  TestPhantomBitcoinAccount,
  TestPhantomBitcoinProvider,
  TestPhantomBitcoinWallet,
  TestPhantomBitcoinWalletOptions,
  TestPhantomBitcoinWalletState,
} from './createTestPhantomBitcoinWallet.js'
export { createTestPhantomBitcoinWallet } from './createTestPhantomBitcoinWallet.js'
export type {
  TestUnisatPlacement,
  TestUnisatProvider,
  TestUnisatWallet,
  TestUnisatWalletOptions,
  TestUnisatWalletState,
} from './createTestUnisatWallet.js'
export { createTestUnisatWallet } from './createTestUnisatWallet.js'
export type { InstallTestBitcoinWalletConfig } from './installTestBitcoinWallet.js'
export { installTestBitcoinWallet } from './installTestBitcoinWallet.js'
export type {
  InstallTestBitcoinWalletsConfig,
  TestBitcoinWalletHandles,
} from './installTestBitcoinWallets.js'
export { installTestBitcoinWallets } from './installTestBitcoinWallets.js'
export type { TestBitcoinPromptMode, TestBitcoinWalletChain } from './testBitcoinSigner.js'
export { TestWalletError } from './testBitcoinSigner.js'
