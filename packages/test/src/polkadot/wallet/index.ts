// Browser-safe entry @portico/test/polkadot/wallet: a Polkadot wallet extension made of code.

export type { PolkadotTestAccount } from '../testAccounts.js'
export {
  POLKADOT_TEST_ACCOUNT_BALANCE,
  POLKADOT_TEST_ACCOUNTS,
  POLKADOT_TEST_CHAIN_ID,
  POLKADOT_TEST_GENESIS_HASH,
  POLKADOT_TEST_SS58_PREFIX,
} from '../testAccounts.js'
export type {
  TestPolkadotExtension,
  TestPolkadotExtensionKey,
  TestPolkadotExtensionMode,
  TestPolkadotExtensionOptions,
  TestPolkadotExtensionRequest,
  TestPolkadotExtensionState,
} from './createTestPolkadotExtension.js'
export {
  createTestPolkadotExtension,
  POLKADOT_DEV_WALLET,
  TEST_POLKADOT_EXTENSION_VERSION,
} from './createTestPolkadotExtension.js'
export type {
  Injected,
  InjectedAccount,
  InjectedSigner,
  InjectedWindow,
  InjectedWindowProvider,
  SignerPayloadJSON,
  SignerPayloadRaw,
  SignerResult,
} from './injectedWeb3.js'
export type {
  InstalledTestPolkadotExtension,
  InstallTestPolkadotExtensionConfig,
  PolkadotDevWalletsWindow,
} from './installTestPolkadotExtension.js'
export { installTestPolkadotExtension } from './installTestPolkadotExtension.js'
