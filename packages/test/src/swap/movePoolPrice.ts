import { type Address, encodeFunctionData, erc20Abi, maxUint256, parseAbi } from 'viem'
import { TEST_TOKENS } from '../contracts/testTokens.js'
import { createClient, sendAll, type Transaction } from './deploySwapContracts.js'
import { UNISWAP_V2_ROUTER_ABI, UNISWAP_V3_SWAP_ROUTER_ABI, WETH9_ABI } from './swapAbis.js'
import {
  TEST_SWAP_CONTRACTS,
  type TestSwapPool,
  type TestSwapTokenKey,
  testSwapToken,
} from './testSwapContracts.js'

/**
 * Anvil's account 8: it trades against the pools in `movePoolPrice`, so the wallets' accounts 0–4
 * and the liquidity of the deployer (account 9) are untouched.
 */
export const TEST_POOL_MOVER_ADDRESS: Address = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

export interface MovePoolPriceOptions {
  /** One of `TEST_SWAP_POOLS` (or a pool of the same shape). */
  pool: TestSwapPool
  /** The token sold into the pool: its price in the other token falls. */
  sell: TestSwapTokenKey
  /** Base units of `sell`. Defaults to a fifth of the pool's balance of it (the price moves ~30%). */
  amount?: bigint
  /** An unlocked account of the node; gets the tokens it sells (minted or wrapped). */
  from?: Address
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

export interface MovedPoolPrice {
  amountIn: bigint
  /** What the seller received of the pool's other token. */
  amountOut: bigint
}

/**
 * Sells a large amount into one pool from another account, through the pool's own router, so a
 * quote taken before no longer holds (the "price moved between preview and send" case).
 * @example
 * await movePoolPrice(rpcUrl, { pool: testSwapPool('v2:WETH/PUSD'), sell: 'WETH' })
 */
export async function movePoolPrice(rpcUrl: string, options: MovePoolPriceOptions): Promise<MovedPoolPrice> {
  const { pool, sell, from = TEST_POOL_MOVER_ADDRESS, timeoutMs = 30_000 } = options
  if (sell !== pool.token0 && sell !== pool.token1) {
    throw new Error(`The pool ${pool.key} does not trade ${sell}.`)
  }
  const buy = sell === pool.token0 ? pool.token1 : pool.token0
  const tokenIn = testSwapToken(sell).address
  const tokenOut = testSwapToken(buy).address
  const client = createClient(rpcUrl)
  const balanceOf = (token: Address, owner: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const amount = options.amount ?? (await balanceOf(tokenIn, pool.address)) / 5n
  if (amount <= 0n) throw new Error(`The amount to sell into ${pool.key} must be positive.`)

  const [held, allowed, before] = await Promise.all([
    balanceOf(tokenIn, from),
    client.readContract({
      address: tokenIn,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [from, routerOf(pool)],
    }),
    balanceOf(tokenOut, from),
  ])
  const transactions: Transaction[] = []
  if (held < amount) {
    transactions.push(
      sell === 'WETH'
        ? {
            to: tokenIn,
            data: encodeFunctionData({ abi: WETH9_ABI, functionName: 'deposit' }),
            value: amount - held,
            label: `wrap ETH for ${from}`,
          }
        : {
            to: tokenIn,
            data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [from, amount - held] }),
            label: `mint ${sell} to ${from}`,
          },
    )
  }
  if (allowed < amount) {
    const tetherStyle = TEST_TOKENS.some((token) => token.tetherStyle && token.address === tokenIn)
    // A Tether-style token refuses to change one non-zero allowance into another.
    if (allowed > 0n && tetherStyle) transactions.push(approve(tokenIn, routerOf(pool), 0n))
    transactions.push(approve(tokenIn, routerOf(pool), maxUint256))
  }
  const deadline = 2n ** 63n
  transactions.push(
    pool.protocol === 'v2'
      ? {
          to: TEST_SWAP_CONTRACTS.v2.router,
          data: encodeFunctionData({
            abi: UNISWAP_V2_ROUTER_ABI,
            functionName: 'swapExactTokensForTokens',
            args: [amount, 0n, [tokenIn, tokenOut], from, deadline],
          }),
          label: `sell ${sell} into ${pool.key}`,
        }
      : {
          to: TEST_SWAP_CONTRACTS.v3.swapRouter,
          data: encodeFunctionData({
            abi: UNISWAP_V3_SWAP_ROUTER_ABI,
            functionName: 'exactInputSingle',
            args: [
              {
                tokenIn,
                tokenOut,
                fee: pool.fee,
                recipient: from,
                deadline,
                amountIn: amount,
                amountOutMinimum: 0n,
                sqrtPriceLimitX96: 0n,
              },
            ],
          }),
          label: `sell ${sell} into ${pool.key}`,
        },
  )
  await sendAll(client, rpcUrl, from, transactions, timeoutMs)
  return { amountIn: amount, amountOut: (await balanceOf(tokenOut, from)) - before }
}

const mintAbi = parseAbi(['function mint(address to, uint256 value)'])
const approveAbi = parseAbi(['function approve(address spender, uint256 value)'])

function approve(token: Address, spender: Address, amount: bigint): Transaction {
  return {
    to: token,
    data: encodeFunctionData({ abi: approveAbi, functionName: 'approve', args: [spender, amount] }),
    label: `approve ${token} to ${spender}`,
  }
}

function routerOf(pool: TestSwapPool): Address {
  return pool.protocol === 'v2' ? TEST_SWAP_CONTRACTS.v2.router : TEST_SWAP_CONTRACTS.v3.swapRouter
}
