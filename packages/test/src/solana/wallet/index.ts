// Browser-safe entry @portico/test/solana/wallet: a Wallet Standard Solana wallet made of code.
export type {
  TestSolanaWallet,
  TestSolanaWalletMode,
  TestSolanaWalletOptions,
  TestSolanaWalletRequest,
  TestSolanaWalletStandard,
  TestSolanaWalletState,
} from './createTestSolanaWallet.js'
export { createTestSolanaWallet, DEFAULT_SOLANA_DEV_WALLET_NAME } from './createTestSolanaWallet.js'
export type { InstalledTestSolanaWallets, InstallTestSolanaWalletConfig } from './installTestSolanaWallets.js'
export { installTestSolanaWallets } from './installTestSolanaWallets.js'
export type { WalletStandardTarget } from './registerTestSolanaWallet.js'
export { registerTestSolanaWallet } from './registerTestSolanaWallet.js'
export { SOLANA_TEST_ADDRESSES, SOLANA_TEST_SEEDS } from './testSeeds.js'
export type {
  IdentifierString,
  SolanaChain,
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignAndSendTransactionOptions,
  SolanaSignAndSendTransactionOutput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignMessageOutput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
  SolanaSignTransactionOptions,
  SolanaSignTransactionOutput,
  SolanaTransactionCommitment,
  SolanaTransactionVersion,
  StandardConnectFeature,
  StandardConnectInput,
  StandardConnectOutput,
  StandardDisconnectFeature,
  StandardEventsChangeListener,
  StandardEventsChangeProperties,
  StandardEventsFeature,
  TestSolanaWalletFeatures,
  Wallet,
  WalletAccount,
  WalletIcon,
  WalletRegisterCallback,
  WalletsRegisterApi,
} from './walletStandard.js'
