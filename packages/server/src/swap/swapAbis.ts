/**
 * The parts of Uniswap's contracts the swap provider calls, as published in their interfaces
 * (v2-core IUniswapV2Factory/Pair, v3-core IUniswapV3Factory/Pool, v3-periphery IQuoterV2,
 * swap-router-contracts ISwapRouter02 and its payment helpers).
 */
import { parseAbi } from 'viem'

export const v2FactoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])

export const v2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])

export const v3FactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
])

export const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
])

/** QuoterV2 simulates a swap and reverts with its result; called with eth_call, never sent. */
export const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
])

export const swapRouter02Abi = parseAbi([
  'function factory() view returns (address)',
  'function factoryV2() view returns (address)',
  'function WETH9() view returns (address)',
  'function multicall(uint256 deadline, bytes[] data) payable returns (bytes[] results)',
  'struct ExactInputSingleParams { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }',
  'function exactInputSingle(ExactInputSingleParams params) payable returns (uint256 amountOut)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to) payable returns (uint256 amountOut)',
  'function pull(address token, uint256 value) payable',
  'function sweepToken(address token, uint256 amountMinimum, address recipient) payable',
  'function wrapETH(uint256 value) payable',
  'function unwrapWETH9(uint256 amountMinimum, address recipient) payable',
])

/** SwapRouter02's stand-ins for a recipient or an amount (its `Constants` library). */
export const ROUTER_MSG_SENDER = '0x0000000000000000000000000000000000000001'
export const ROUTER_ADDRESS_THIS = '0x0000000000000000000000000000000000000002'
/** As `amountIn`: swap everything the router holds of the input token (the previous leg's output). */
export const ROUTER_CONTRACT_BALANCE = 0n

/** The price bounds of a V3 pool (TickMath); a quote that ends on one ran out of liquidity. */
export const MIN_SQRT_RATIO = 4295128739n
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n
