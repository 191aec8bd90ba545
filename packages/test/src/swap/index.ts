// Browser-safe entry of the swap test kit (`@portico/test/swap`): addresses, pools and ABIs only.
// `deploySwapContracts` and `movePoolPrice` are in the Node entry, `@portico/test`.
export {
  SWAP_ROUTER_02_ABI,
  TEST_PRICE_FEED_ABI,
  UNISWAP_V2_FACTORY_ABI,
  UNISWAP_V2_PAIR_ABI,
  UNISWAP_V2_ROUTER_ABI,
  UNISWAP_V3_FACTORY_ABI,
  UNISWAP_V3_POOL_ABI,
  UNISWAP_V3_POSITION_MANAGER_ABI,
  UNISWAP_V3_QUOTER_V2_ABI,
  UNISWAP_V3_SWAP_ROUTER_ABI,
  WETH9_ABI,
} from './swapAbis.js'
export type {
  TestSwapContracts,
  TestSwapPool,
  TestSwapProtocol,
  TestSwapToken,
  TestSwapTokenKey,
} from './testSwapContracts.js'
export {
  TEST_SWAP_CONTRACTS,
  TEST_SWAP_POOLS,
  TEST_SWAP_TOKENS,
  TEST_SWAP_V3_TICK_SPACING,
  testSwapPool,
  testSwapToken,
} from './testSwapContracts.js'
