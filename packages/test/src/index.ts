// Node entry of @portico/test: local chains plus everything the browser-safe wallet entry offers.
export { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE, ANVIL_PRIVATE_KEYS } from './accounts.js'
export type { AnvilInstance, StartAnvilOptions } from './anvil.js'
export { getFreePort, resolveAnvilBinary, revert, rpc, snapshot, startAnvil } from './anvil.js'
export { buildTestWalletScript } from './testWalletScript.js'
export type {
  AnnounceOptions,
  InstalledTestWallets,
  InstallTestWalletConfig,
  TestWallet,
  TestWalletChain,
  TestWalletEvent,
  TestWalletInfo,
  TestWalletMode,
  TestWalletOptions,
  TestWalletRequest,
  TestWalletState,
} from './wallet/index.js'
export {
  announceTestWallet,
  createTestWallet,
  DEV_WALLET_ICON,
  DEV_WALLET_RDNS,
  installTestWallets,
  SECOND_DEV_WALLET_ICON,
  SECOND_DEV_WALLET_RDNS,
  WalletErrorCode,
  WalletRpcError,
} from './wallet/index.js'
