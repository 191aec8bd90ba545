// Node entry @portico/test/polkadot: a real Substrate chain (chopsticks) and its funded test accounts.
export { connectPolkadotApi } from './connectPolkadotApi.js'
export type {
  PolkadotTestChain,
  PolkadotTestChainAccount,
  StartPolkadotTestChainOptions,
} from './startPolkadotTestChain.js'
export { PolkadotTestChainStartError, startPolkadotTestChain } from './startPolkadotTestChain.js'
export type { PolkadotTestAccount } from './testAccounts.js'
export {
  POLKADOT_TEST_ACCOUNT_BALANCE,
  POLKADOT_TEST_ACCOUNTS,
  POLKADOT_TEST_CHAIN_ID,
  POLKADOT_TEST_GENESIS_HASH,
  POLKADOT_TEST_SS58_PREFIX,
} from './testAccounts.js'
