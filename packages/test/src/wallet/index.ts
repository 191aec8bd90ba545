// Browser-safe entry of @portico/test: the wallet-as-code used by unit, demo and end-to-end tests.
export { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE, ANVIL_PRIVATE_KEYS } from '../accounts.js'
export type { AnnounceOptions, TestWalletInfo } from './announceTestWallet.js'
export { announceTestWallet } from './announceTestWallet.js'
export type {
  TestWallet,
  TestWalletChain,
  TestWalletEvent,
  TestWalletMode,
  TestWalletOptions,
  TestWalletRequest,
  TestWalletState,
} from './createTestWallet.js'
export { createTestWallet } from './createTestWallet.js'
export { WalletErrorCode, WalletRpcError } from './errors.js'
export { DEV_WALLET_ICON, DEV_WALLET_NAME, SECOND_DEV_WALLET_ICON } from './icon.js'
export type { InstalledTestWallets, InstallTestWalletConfig } from './installTestWallets.js'
export { DEV_WALLET_RDNS, installTestWallets, SECOND_DEV_WALLET_RDNS } from './installTestWallets.js'
