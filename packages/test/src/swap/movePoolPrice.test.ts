import { parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { createClient, deploySwapContracts } from './deploySwapContracts.js'
import { movePoolPrice, TEST_POOL_MOVER_ADDRESS } from './movePoolPrice.js'
import { UNISWAP_V2_ROUTER_ABI, UNISWAP_V3_QUOTER_V2_ABI } from './swapAbis.js'
import { TEST_SWAP_CONTRACTS, testSwapPool, testSwapToken } from './testSwapContracts.js'

describe('movePoolPrice', () => {
  let anvil: AnvilInstance
  const client = () => createClient(anvil.rpcUrl)
  const weth = testSwapToken('WETH').address
  const pusd = testSwapToken('PUSD').address
  const usdt = testSwapToken('USDT').address
  const ptk = testSwapToken('PTK').address
  const v2Quote = async (amountIn: bigint, path: `0x${string}`[]) =>
    (
      await client().readContract({
        address: TEST_SWAP_CONTRACTS.v2.router,
        abi: UNISWAP_V2_ROUTER_ABI,
        functionName: 'getAmountsOut',
        args: [amountIn, path],
      })
    ).at(-1)!
  const v3Quote = async (amountIn: bigint) =>
    (
      await client().simulateContract({
        address: TEST_SWAP_CONTRACTS.v3.quoterV2,
        abi: UNISWAP_V3_QUOTER_V2_ABI,
        functionName: 'quoteExactInputSingle',
        args: [{ tokenIn: ptk, tokenOut: weth, amountIn, fee: 3000, sqrtPriceLimitX96: 0n }],
      })
    ).result[0]

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_337 })
    await deploySwapContracts(anvil.rpcUrl)
  }, 120_000)
  afterAll(() => anvil?.stop())

  it('sells a fifth of a V2 pair’s reserve from account 8: the same swap then quotes much less', async () => {
    const oneEth = parseUnits('1', 18)
    const before = await v2Quote(oneEth, [weth, pusd])
    const moved = await movePoolPrice(anvil.rpcUrl, { pool: testSwapPool('v2:WETH/PUSD'), sell: 'WETH' })
    expect(moved.amountIn).toBe(parseUnits('20', 18))
    expect(moved.amountOut).toBeGreaterThan(0n)
    const after = await v2Quote(oneEth, [weth, pusd])
    // 120 WETH against 250,000 PUSD: about 2070 PUSD per ETH instead of about 2960.
    expect(after).toBeLessThan((before * 75n) / 100n)
    for (const address of ANVIL_ADDRESSES) {
      expect(await client().getBalance({ address }), address).toBe(ANVIL_INITIAL_BALANCE)
    }
    expect(await client().getTransactionCount({ address: TEST_POOL_MOVER_ADDRESS })).toBeGreaterThan(0)
  })

  it('moves a V3 pool by a given amount of a test token it mints to the seller', async () => {
    const amountIn = parseUnits('100', 18)
    const before = await v3Quote(amountIn)
    const moved = await movePoolPrice(anvil.rpcUrl, {
      pool: testSwapPool('v3:PTK/WETH:3000'),
      sell: 'PTK',
      amount: parseUnits('15000', 18),
    })
    expect(moved.amountIn).toBe(parseUnits('15000', 18))
    expect(await v3Quote(amountIn)).toBeLessThan((before * 70n) / 100n)
  })

  it('sells the Tether-style token, twice from the same account', async () => {
    const amountIn = parseUnits('100', 6)
    const before = await v2Quote(amountIn, [usdt, weth])
    const pool = testSwapPool('v2:USDT/WETH')
    await movePoolPrice(anvil.rpcUrl, { pool, sell: 'USDT', amount: parseUnits('30000', 6) })
    await movePoolPrice(anvil.rpcUrl, { pool, sell: 'USDT', amount: parseUnits('30000', 6) })
    expect(await v2Quote(amountIn, [usdt, weth])).toBeLessThan((before * 85n) / 100n)
  })

  it('refuses a token the pool does not trade, and a zero amount', async () => {
    await expect(
      movePoolPrice(anvil.rpcUrl, { pool: testSwapPool('v2:WETH/PUSD'), sell: 'PTK' }),
    ).rejects.toThrow('The pool v2:WETH/PUSD does not trade PTK.')
    await expect(
      movePoolPrice(anvil.rpcUrl, { pool: testSwapPool('v2:WETH/PUSD'), sell: 'PUSD', amount: 0n }),
    ).rejects.toThrow('must be positive')
  })
})
