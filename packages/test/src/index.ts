// Node entry of @portico/test: local chains plus everything the browser-safe wallet entry offers.

export type {
  AccountAbstractionDeployment,
  DeployAccountAbstractionOptions,
} from './accountAbstraction/deployAccountAbstraction.js'
export {
  deployAccountAbstraction,
  ENTRY_POINT_08_ADDRESS,
  ENTRY_POINT_08_SALT,
  SIMPLE_7702_ACCOUNT_08_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_08_ADDRESS,
} from './accountAbstraction/deployAccountAbstraction.js'
export type {
  CompiledPaymaster,
  DeployVerifyingPaymasterOptions,
  VerifyingPaymasterDeployment,
} from './accountAbstraction/deployVerifyingPaymaster.js'
export {
  compileVerifyingPaymaster,
  deployVerifyingPaymaster,
  getPaymasterDeposit,
  PORTICO_VERIFYING_PAYMASTER_ABI,
  verifyingPaymasterSourcePath,
} from './accountAbstraction/deployVerifyingPaymaster.js'
export type { AltoInstance, StartAltoOptions } from './accountAbstraction/startAlto.js'
export { resolveAltoEntry, startAlto } from './accountAbstraction/startAlto.js'
export type { ToTestSimpleSmartAccountParameters } from './accountAbstraction/toTestSimpleSmartAccount.js'
export {
  SIMPLE_ACCOUNT_08_ABI,
  SIMPLE_ACCOUNT_FACTORY_08_ABI,
  toTestSimpleSmartAccount,
} from './accountAbstraction/toTestSimpleSmartAccount.js'
export { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE, ANVIL_PRIVATE_KEYS } from './accounts.js'
export { createTestAdapterContext } from './adapter/createTestAdapterContext.js'
export type { AnvilInstance, StartAnvilOptions } from './anvil.js'
export { getFreePort, resolveAnvilBinary, revert, rpc, snapshot, startAnvil } from './anvil.js'
export type {
  CompiledContract,
  CompiledTestContracts,
  CompileTestContractsOptions,
  TestContractName,
} from './contracts/compileTestContracts.js'
export { compileTestContracts } from './contracts/compileTestContracts.js'
export type {
  DeploySmartWalletFactoryOptions,
  DeploySmartWalletOptions,
} from './contracts/deploySmartWallet.js'
export {
  deploySmartWallet,
  deploySmartWalletFactory,
  getSmartWalletAddress,
  TEST_SMART_WALLET_ABI,
  TEST_SMART_WALLET_FACTORY,
  TEST_SMART_WALLET_FACTORY_ABI,
} from './contracts/deploySmartWallet.js'
export type {
  DeployTestNftOptions,
  DeployTestTokensOptions,
  TestCollectibles,
  TestTokenHolder,
} from './contracts/deployTestContracts.js'
export {
  DEFAULT_TEST_TOKEN_HOLDERS,
  deployTestCollectibles,
  deployTestNft,
  deployTestTokens,
  sendCollectiblesCalls,
  TEST_COLLECTIBLES_ABI,
  TEST_DEPLOYER_ADDRESS,
} from './contracts/deployTestContracts.js'
export type { TestTokenInfo, TestTokenKey } from './contracts/testTokens.js'
export {
  CREATE2_DEPLOYER_ADDRESS,
  MULTICALL3_ADDRESS,
  TEST_NFT,
  TEST_TOKENS,
} from './contracts/testTokens.js'
export type { DeployPriceFeedOptions } from './swap/deployPriceFeed.js'
export { deployPriceFeed, setPriceFeedAnswer } from './swap/deployPriceFeed.js'
export type { DeploySwapContractsOptions, TestSwapDeployment } from './swap/deploySwapContracts.js'
export { deploySwapContracts, swapPoolAddress } from './swap/deploySwapContracts.js'
export * from './swap/index.js'
export type { MovedPoolPrice, MovePoolPriceOptions } from './swap/movePoolPrice.js'
export { movePoolPrice, TEST_POOL_MOVER_ADDRESS } from './swap/movePoolPrice.js'
export type { TestSolanaWalletScriptConfig, TestWalletScriptConfig } from './testWalletScript.js'
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
  DEV_WALLET_NAME,
  DEV_WALLET_RDNS,
  installTestWallets,
  SECOND_DEV_WALLET_ICON,
  SECOND_DEV_WALLET_RDNS,
  WalletErrorCode,
  WalletRpcError,
} from './wallet/index.js'
