import type { Address } from 'viem'

// Browser-safe: constants only, so a page, a server config or an end-to-end test can name the swap
// contracts and pools without loading their artifacts.

/**
 * Where `deploySwapContracts` puts the swap contracts, on every chain: CREATE2 through the
 * deployer at `CREATE2_DEPLOYER_ADDRESS`, salt `portico.swap.<name>`, so the addresses depend only
 * on the artifacts' code and never on what else ran on the chain first. `deploySwapContracts.test.ts`
 * fails, naming the new address, if a dependency update moves one.
 */
export const TEST_SWAP_CONTRACTS = {
  /** WETH9 (`canonical-weth`), the wrapped native token every router and quoter is built with. */
  weth: '0xA6A91b7f4b760310919d31aC193925fD57900b1b',
  v2: {
    /** UniswapV2Factory (`@uniswap/v2-core`); its pairs' init-code hash is mainnet's. */
    factory: '0x4143847f6E002d9D5409762C8CEcd23AeFd65f25',
    /** UniswapV2Router02 (`@uniswap/v2-periphery`), unmodified. */
    router: '0x88421EabD88F24930Bd72Bb7654262E4ab0c673b',
  },
  v3: {
    /** UniswapV3Factory (`@uniswap/v3-core`): fee tiers 500, 3000 and 10000. */
    factory: '0xde37e76bb3B9b0202c9fFb88dc603bAde599B5e4',
    /** SwapRouter (`@uniswap/v3-periphery`): its calls take a deadline in their parameters. */
    swapRouter: '0x8Ce4beF8249Da0AE0585C583cd8DB03206f38b84',
    quoterV2: '0xdEAcB40dAd14d92582084576993fd33668b1B21e',
    /** NonfungiblePositionManager, without a token descriptor (`tokenURI` reverts). */
    positionManager: '0xD3382BFDc65B56dB80D0586C83b640d62bB11aD6',
  },
  /**
   * SwapRouter02 (`@uniswap/swap-router-contracts`): V2 and V3 legs in one router, `multicall`
   * with a deadline, `pull`, `sweepToken`, `wrapETH`, `unwrapWETH9`. Its V2 and V3 calls take no
   * deadline: wrap them in `multicall(deadline, [...])`.
   */
  swapRouter02: '0x933B263F13500Cd0FB3df73B1f0d5755E93C39A4',
} as const satisfies TestSwapContracts

export interface TestSwapContracts {
  weth: Address
  v2: { factory: Address; router: Address }
  v3: { factory: Address; swapRouter: Address; quoterV2: Address; positionManager: Address }
  swapRouter02: Address
}

/** The tokens the pools trade: the wrapped native token and three of the test tokens. */
export type TestSwapTokenKey = 'WETH' | 'PUSD' | 'PTK' | 'USDT'

export interface TestSwapToken {
  key: TestSwapTokenKey
  symbol: string
  name: string
  decimals: number
  address: Address
}

/** The tokens the pools trade, at their addresses (the same as in `TEST_TOKENS` for the others). */
export const TEST_SWAP_TOKENS = [
  { key: 'WETH', symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, address: TEST_SWAP_CONTRACTS.weth },
  {
    key: 'PUSD',
    symbol: 'PUSD',
    name: 'Portico USD',
    decimals: 6,
    address: '0xF57Ce5773757b86a772556526c1477f23525e440',
  },
  {
    key: 'PTK',
    symbol: 'PTK',
    name: 'Portico Token',
    decimals: 18,
    address: '0x03c56C122d66fB9a73f94deb91948309ebeA3040',
  },
  {
    key: 'USDT',
    symbol: 'USDT',
    name: 'Tether USD',
    decimals: 6,
    address: '0xA09625ff8BbAb3db6bA27a356DAfE148450787fF',
  },
] as const satisfies readonly TestSwapToken[]

export type TestSwapProtocol = 'v2' | 'v3'

export interface TestSwapPool {
  /** `v2:WETH/PUSD`, `v3:PUSD/PTK:500`, … (token0 first). */
  key: string
  protocol: TestSwapProtocol
  /** The pair (V2) or pool (V3) contract. */
  address: Address
  /** The lower address of the two, as the pool orders them; `amount0` is in its units. */
  token0: TestSwapTokenKey
  token1: TestSwapTokenKey
  /** In hundredths of a basis point, as V3 counts: 3000 is 0.3% (every V2 pair charges 0.3%). */
  fee: number
  /** What `deploySwapContracts` deposits, in base units: a V2 pair's reserves; a V3 pool's full-range position. */
  amount0: bigint
  amount1: bigint
}

const E18 = 10n ** 18n
const E6 = 10n ** 6n

/**
 * The seeded pools. Prices are around 1 ETH = 3000 PUSD = 3000 USDT, 1 PTK = 2.5 PUSD, and:
 * - PUSD/PTK is on two V3 fee tiers at different prices (2.5 on 0.05%, 2.4 on 0.3%): the best tier
 *   is the 0.3% one for PUSD → PTK and the 0.05% one for PTK → PUSD;
 * - WETH/PTK is on V2 (1 ETH = 1150 PTK) and V3 (1 ETH = 1200 PTK): V3 is the better route for
 *   WETH → PTK, V2 for PTK → WETH;
 * - USDT/PUSD has no pool: it is reachable only through WETH (two V2 pairs), and so is USDT/PTK.
 */
export const TEST_SWAP_POOLS = [
  {
    key: 'v2:WETH/PUSD',
    protocol: 'v2',
    address: '0x4Cd605A88228F0C09b35cEE80c78808260e3c2F0',
    token0: 'WETH',
    token1: 'PUSD',
    fee: 3000,
    amount0: 100n * E18,
    amount1: 300_000n * E6,
  },
  {
    key: 'v2:USDT/WETH',
    protocol: 'v2',
    address: '0x7f4fed90Cd36684eF7468519d5f6F9ECeEc1C2DB',
    token0: 'USDT',
    token1: 'WETH',
    fee: 3000,
    amount0: 300_000n * E6,
    amount1: 100n * E18,
  },
  {
    key: 'v2:PTK/WETH',
    protocol: 'v2',
    address: '0x29FEEF710F1354e651a5F109b89DDe0Bbd12b652',
    token0: 'PTK',
    token1: 'WETH',
    fee: 3000,
    amount0: 57_500n * E18,
    amount1: 50n * E18,
  },
  {
    key: 'v3:PTK/PUSD:500',
    protocol: 'v3',
    address: '0x49012Ff863FDA0388d04CB884Dc9A26bf105428f',
    token0: 'PTK',
    token1: 'PUSD',
    fee: 500,
    amount0: 40_000n * E18,
    amount1: 100_000n * E6,
  },
  {
    key: 'v3:PTK/PUSD:3000',
    protocol: 'v3',
    address: '0x0848dD0FD71e954D33b8Bd0317fd21Fa094E8A79',
    token0: 'PTK',
    token1: 'PUSD',
    fee: 3000,
    amount0: 20_000n * E18,
    amount1: 48_000n * E6,
  },
  {
    key: 'v3:PTK/WETH:3000',
    protocol: 'v3',
    address: '0x48F5FD1A5478fD6F7B4F7dcF2A46E488E180Eaa5',
    token0: 'PTK',
    token1: 'WETH',
    fee: 3000,
    amount0: 60_000n * E18,
    amount1: 50n * E18,
  },
] as const satisfies readonly TestSwapPool[]

/** The V3 fee tiers the factory has enabled, with their tick spacing. */
export const TEST_SWAP_V3_TICK_SPACING = { 500: 10, 3000: 60, 10000: 200 } as const

/** Looks a swap token up by key. */
export function testSwapToken(key: TestSwapTokenKey): TestSwapToken {
  const token = TEST_SWAP_TOKENS.find((entry) => entry.key === key)
  if (!token) throw new Error(`No test swap token ${key}.`)
  return token
}

/** Looks a seeded pool up by key (`v2:WETH/PUSD`, `v3:PTK/PUSD:500`, …). */
export function testSwapPool(key: (typeof TEST_SWAP_POOLS)[number]['key']): TestSwapPool {
  const pool = TEST_SWAP_POOLS.find((entry) => entry.key === key)
  if (!pool) throw new Error(`No test swap pool ${key}.`)
  return pool
}
