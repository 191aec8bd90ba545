import {
  type Address,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  type Hex,
  maxUint256,
  parseUnits,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { deployTestTokens } from '../contracts/deployTestContracts.js'
import { createClient, deploySwapContracts, sendAll, type Transaction } from './deploySwapContracts.js'
import { movePoolPrice } from './movePoolPrice.js'
import {
  SWAP_ROUTER_02_ABI,
  UNISWAP_V2_ROUTER_ABI,
  UNISWAP_V3_QUOTER_V2_ABI,
  UNISWAP_V3_SWAP_ROUTER_ABI,
} from './swapAbis.js'
import {
  TEST_SWAP_CONTRACTS,
  type TestSwapTokenKey,
  testSwapPool,
  testSwapToken,
} from './testSwapContracts.js'

const { v2, v3, swapRouter02 } = TEST_SWAP_CONTRACTS
const trader = ANVIL_ADDRESSES[1]!
const deadline = 2n ** 40n
const address = (key: TestSwapTokenKey) => testSwapToken(key).address
const units = (key: TestSwapTokenKey, amount: string) => parseUnits(amount, testSwapToken(key).decimals)

describe('swaps through the routers on the seeded pools', () => {
  let anvil: AnvilInstance
  const client = () => createClient(anvil.rpcUrl)
  const send = (...transactions: Transaction[]) =>
    sendAll(client(), anvil.rpcUrl, trader, transactions, 30_000)
  const balance = (key: TestSwapTokenKey, owner: Address = trader) =>
    client().readContract({ address: address(key), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const approve = (key: TestSwapTokenKey, spender: Address): Transaction => ({
    to: address(key),
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
    label: `approve ${key}`,
  })
  const call = (to: Address, data: Hex, value?: bigint): Transaction => ({
    to,
    data,
    label: 'swap',
    ...(value ? { value } : {}),
  })
  const amountsOut = async (amountIn: bigint, path: TestSwapTokenKey[]) => {
    const amounts = await client().readContract({
      address: v2.router,
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [amountIn, path.map(address)],
    })
    return amounts.at(-1)!
  }
  const quoteSingle = async (
    tokenIn: TestSwapTokenKey,
    tokenOut: TestSwapTokenKey,
    fee: number,
    amountIn: bigint,
  ) => {
    const { result } = await client().simulateContract({
      address: v3.quoterV2,
      abi: UNISWAP_V3_QUOTER_V2_ABI,
      functionName: 'quoteExactInputSingle',
      args: [
        { tokenIn: address(tokenIn), tokenOut: address(tokenOut), amountIn, fee, sqrtPriceLimitX96: 0n },
      ],
    })
    return result[0]
  }
  /** Runs `work` and returns how much of each token the owner gained (negative: spent). */
  const delta = async (keys: TestSwapTokenKey[], work: () => Promise<unknown>, owner: Address = trader) => {
    const before = await Promise.all(keys.map((key) => balance(key, owner)))
    await work()
    const after = await Promise.all(keys.map((key) => balance(key, owner)))
    return after.map((value, index) => value - before[index]!)
  }

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_337 })
    await deployTestTokens({ rpcUrl: anvil.rpcUrl })
    await deploySwapContracts(anvil.rpcUrl)
    await send(
      approve('PUSD', v2.router),
      approve('USDT', v2.router),
      approve('PUSD', v3.swapRouter),
      approve('PTK', v3.swapRouter),
      approve('USDT', swapRouter02),
      approve('PUSD', swapRouter02),
    )
  }, 120_000)
  afterAll(() => anvil?.stop())

  it('Router02 (V2) swaps 1 ETH for about 3000 PUSD, as getAmountsOut quotes', async () => {
    const quoted = await amountsOut(units('WETH', '1'), ['WETH', 'PUSD'])
    // 300,000 PUSD against 100 WETH, less the 0.3% fee and the price impact of 1%.
    expect(quoted).toBeGreaterThan(units('PUSD', '2950'))
    expect(quoted).toBeLessThan(units('PUSD', '3000'))
    const data = encodeFunctionData({
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'swapExactETHForTokens',
      args: [quoted, [address('WETH'), address('PUSD')], trader, deadline],
    })
    expect(await delta(['PUSD'], () => send(call(v2.router, data, units('WETH', '1'))))).toEqual([quoted])
  })

  it('Router02 swaps PUSD to USDT (Tether-style, no pool between them) through WETH', async () => {
    const amountIn = units('PUSD', '1000')
    const quoted = await amountsOut(amountIn, ['PUSD', 'WETH', 'USDT'])
    expect(quoted).toBeGreaterThan(units('USDT', '990'))
    const data = encodeFunctionData({
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'swapExactTokensForTokens',
      args: [
        amountIn,
        quoted,
        ['PUSD', 'WETH', 'USDT'].map((key) => address(key as TestSwapTokenKey)),
        trader,
        deadline,
      ],
    })
    expect(await delta(['PUSD', 'USDT'], () => send(call(v2.router, data)))).toEqual([-amountIn, quoted])
  })

  it('Router02 takes the Tether-style token as the source', async () => {
    const amountIn = units('USDT', '500')
    const path: TestSwapTokenKey[] = ['USDT', 'WETH', 'PUSD']
    const quoted = await amountsOut(amountIn, path)
    const data = encodeFunctionData({
      abi: UNISWAP_V2_ROUTER_ABI,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, quoted, path.map(address), trader, deadline],
    })
    expect(await delta(['USDT', 'PUSD'], () => send(call(v2.router, data)))).toEqual([-amountIn, quoted])
  })

  it('the two PUSD/PTK fee tiers differ: 0.3% is best for PUSD → PTK, 0.05% for PTK → PUSD', async () => {
    const pusd = units('PUSD', '1000')
    expect(await quoteSingle('PUSD', 'PTK', 3000, pusd)).toBeGreaterThan(
      await quoteSingle('PUSD', 'PTK', 500, pusd),
    )
    const ptk = units('PTK', '400')
    expect(await quoteSingle('PTK', 'PUSD', 500, ptk)).toBeGreaterThan(
      await quoteSingle('PTK', 'PUSD', 3000, ptk),
    )
  })

  it('WETH/PTK is on both protocols: V3 is the better route for WETH → PTK, V2 for PTK → WETH', async () => {
    const weth = units('WETH', '1')
    expect(await quoteSingle('WETH', 'PTK', 3000, weth)).toBeGreaterThan(
      await amountsOut(weth, ['WETH', 'PTK']),
    )
    const ptk = units('PTK', '1000')
    expect(await amountsOut(ptk, ['PTK', 'WETH'])).toBeGreaterThan(
      await quoteSingle('PTK', 'WETH', 3000, ptk),
    )
  })

  it('SwapRouter (V3) swaps PUSD to PTK on the best tier for what QuoterV2 quotes', async () => {
    const amountIn = units('PUSD', '1000')
    const quoted = await quoteSingle('PUSD', 'PTK', 3000, amountIn)
    // 1 PTK = 2.4 PUSD on this tier: about 416 PTK, less the fee and the impact.
    expect(quoted).toBeGreaterThan(units('PTK', '405'))
    expect(quoted).toBeLessThan(units('PTK', '417'))
    const data = encodeFunctionData({
      abi: UNISWAP_V3_SWAP_ROUTER_ABI,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: address('PUSD'),
          tokenOut: address('PTK'),
          fee: 3000,
          recipient: trader,
          deadline,
          amountIn,
          amountOutMinimum: quoted,
          sqrtPriceLimitX96: 0n,
        },
      ],
    })
    expect(await delta(['PUSD', 'PTK'], () => send(call(v3.swapRouter, data)))).toEqual([-amountIn, quoted])
  })

  it('SwapRouter02 routes a V2 leg: USDT to PUSD through WETH, as getAmountsOut quotes', async () => {
    const amountIn = units('USDT', '250')
    const path: TestSwapTokenKey[] = ['USDT', 'WETH', 'PUSD']
    const quoted = await amountsOut(amountIn, path)
    const swap = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'swapExactTokensForTokens',
      args: [amountIn, quoted, path.map(address), trader],
    })
    const data = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'multicall',
      args: [deadline, [swap]],
    })
    expect(await delta(['USDT', 'PUSD'], () => send(call(swapRouter02, data)))).toEqual([-amountIn, quoted])
  })

  it('SwapRouter02 routes a V3 path: PUSD to WETH through PTK, as QuoterV2 quotes', async () => {
    const amountIn = units('PUSD', '600')
    const path = encodePacked(
      ['address', 'uint24', 'address', 'uint24', 'address'],
      [address('PUSD'), 3000, address('PTK'), 3000, address('WETH')],
    )
    const { result } = await client().simulateContract({
      address: v3.quoterV2,
      abi: UNISWAP_V3_QUOTER_V2_ABI,
      functionName: 'quoteExactInput',
      args: [path, amountIn],
    })
    const quoted = result[0]
    // 600 PUSD ≈ 250 PTK at 2.4 ≈ 0.208 WETH at 1200, less two fees and the earlier tests' impact.
    expect(quoted).toBeGreaterThan(units('WETH', '0.19'))
    expect(quoted).toBeLessThan(units('WETH', '0.21'))
    const swap = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'exactInput',
      args: [{ path, recipient: trader, amountIn, amountOutMinimum: quoted }],
    })
    const data = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'multicall',
      args: [deadline, [swap]],
    })
    expect(await delta(['PUSD', 'WETH'], () => send(call(swapRouter02, data)))).toEqual([-amountIn, quoted])
  })

  it('SwapRouter02 charges a fee on the source amount in the same transaction (pull + sweepToken)', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const amountIn = units('PUSD', '1000')
    const fee = (amountIn * 85n) / 10_000n // 0.85%
    const quoted = await quoteSingle('PUSD', 'PTK', 3000, amountIn)
    const data = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'multicall',
      args: [
        deadline,
        [
          encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'exactInputSingle',
            args: [
              {
                tokenIn: address('PUSD'),
                tokenOut: address('PTK'),
                fee: 3000,
                recipient: trader,
                amountIn,
                amountOutMinimum: quoted,
                sqrtPriceLimitX96: 0n,
              },
            ],
          }),
          encodeFunctionData({ abi: SWAP_ROUTER_02_ABI, functionName: 'pull', args: [address('PUSD'), fee] }),
          encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'sweepToken',
            args: [address('PUSD'), fee, recipient],
          }),
        ],
      ],
    })
    expect(await delta(['PUSD', 'PTK'], () => send(call(swapRouter02, data)))).toEqual([
      -(amountIn + fee),
      quoted,
    ])
    expect(await balance('PUSD', recipient)).toBe(fee)
    expect(await balance('PUSD', swapRouter02)).toBe(0n)
  })

  it('SwapRouter02 swaps native ETH and pays the fee in WETH (wrapETH + sweepToken)', async () => {
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const amountIn = units('WETH', '0.5')
    const fee = (amountIn * 85n) / 10_000n
    const quoted = await amountsOut(amountIn, ['WETH', 'PUSD'])
    const data = encodeFunctionData({
      abi: SWAP_ROUTER_02_ABI,
      functionName: 'multicall',
      args: [
        deadline,
        [
          encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'swapExactTokensForTokens',
            args: [amountIn, quoted, [address('WETH'), address('PUSD')], trader],
          }),
          encodeFunctionData({ abi: SWAP_ROUTER_02_ABI, functionName: 'wrapETH', args: [fee] }),
          encodeFunctionData({
            abi: SWAP_ROUTER_02_ABI,
            functionName: 'sweepToken',
            args: [address('WETH'), fee, recipient],
          }),
        ],
      ],
    })
    expect(await delta(['PUSD'], () => send(call(swapRouter02, data, amountIn + fee)))).toEqual([quoted])
    expect(await balance('WETH', recipient)).toBe(fee)
    expect(await client().getBalance({ address: swapRouter02 })).toBe(0n)
  })

  it('refuses a swap whose pool moved below its minimum output, then swaps at the new quote', async () => {
    const amountIn = units('PUSD', '1000')
    const quoted = await quoteSingle('PUSD', 'PTK', 3000, amountIn)
    const swap = (minimum: bigint) =>
      call(
        swapRouter02,
        encodeFunctionData({
          abi: SWAP_ROUTER_02_ABI,
          functionName: 'multicall',
          args: [
            deadline,
            [
              encodeFunctionData({
                abi: SWAP_ROUTER_02_ABI,
                functionName: 'exactInputSingle',
                args: [
                  {
                    tokenIn: address('PUSD'),
                    tokenOut: address('PTK'),
                    fee: 3000,
                    recipient: trader,
                    amountIn,
                    amountOutMinimum: minimum,
                    sqrtPriceLimitX96: 0n,
                  },
                ],
              }),
            ],
          ],
        }),
      )
    // Someone else buys PTK with PUSD first: PTK becomes dearer.
    await movePoolPrice(anvil.rpcUrl, { pool: testSwapPool('v3:PTK/PUSD:3000'), sell: 'PUSD' })
    // 1% slippage no longer covers it: the router says why, and a sent transaction reverts.
    const stale = swap((quoted * 99n) / 100n)
    await expect(client().call({ account: trader, to: stale.to, data: stale.data })).rejects.toThrow(
      /Too little received/,
    )
    await expect(send(stale)).rejects.toThrow(/reverted/)
    const requoted = await quoteSingle('PUSD', 'PTK', 3000, amountIn)
    expect(requoted).toBeLessThan((quoted * 99n) / 100n)
    expect(await delta(['PTK'], () => send(swap(requoted)))).toEqual([requoted])
  })
})
