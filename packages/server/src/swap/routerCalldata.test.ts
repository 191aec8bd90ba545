import { decodeFunctionData, getAddress, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildRouterCalls, encodeRouterMulticall, type RouteLeg } from './routerCalldata.js'
import { ROUTER_ADDRESS_THIS, ROUTER_MSG_SENDER, swapRouter02Abi } from './swapAbis.js'

const WETH = getAddress('0x000000000000000000000000000000000000000a')
const PUSD = getAddress('0x000000000000000000000000000000000000000b')
const PTK = getAddress('0x000000000000000000000000000000000000000c')
const POOL = getAddress('0x00000000000000000000000000000000000000dd')
const USER = getAddress('0x00000000000000000000000000000000000000e1')
const FEE_TO = getAddress('0x00000000000000000000000000000000000000f2')

const decode = (data: readonly Hex[]) =>
  data.map((call) => {
    const { functionName, args } = decodeFunctionData({ abi: swapRouter02Abi, data: call })
    return [functionName, args] as const
  })

const v3 = (tokenIn: `0x${string}`, tokenOut: `0x${string}`, fee = 3000): RouteLeg => ({
  protocol: 'v3',
  pool: POOL,
  fee,
  tokenIn,
  tokenOut,
})
const v2 = (tokenIn: `0x${string}`, tokenOut: `0x${string}`): RouteLeg => ({
  protocol: 'v2',
  pool: POOL,
  tokenIn,
  tokenOut,
})

describe('buildRouterCalls', () => {
  it('pays the fee from an ERC-20 source with pull and sweep, then swaps the rest from the visitor', () => {
    const { data, value } = buildRouterCalls({
      legs: [v3(PUSD, PTK)],
      fromNative: false,
      toNative: false,
      amount: 1_000_000n,
      swapAmount: 991_500n,
      minimumOutput: 390n,
      deadline: 100n,
      fee: { amount: 8_500n, recipient: FEE_TO },
      userAddress: USER,
    })
    expect(value).toBe(0n)
    expect(decode(data)).toEqual([
      ['pull', [PUSD, 8_500n]],
      ['sweepToken', [PUSD, 8_500n, FEE_TO]],
      [
        'exactInputSingle',
        [
          {
            tokenIn: PUSD,
            tokenOut: PTK,
            fee: 3000,
            recipient: ROUTER_MSG_SENDER,
            amountIn: 991_500n,
            amountOutMinimum: 390n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      ],
    ])
  })

  it('pays a native source’s fee in the native currency and sends the whole amount as value', () => {
    const { data, value } = buildRouterCalls({
      legs: [v2(WETH, PUSD)],
      fromNative: true,
      toNative: false,
      amount: 1_000n,
      swapAmount: 992n,
      minimumOutput: 5n,
      deadline: 100n,
      fee: { amount: 8n, recipient: FEE_TO },
      userAddress: USER,
    })
    expect(value).toBe(1_000n)
    expect(decode(data)).toEqual([
      ['wrapETH', [8n]],
      ['unwrapWETH9', [8n, FEE_TO]],
      ['swapExactTokensForTokens', [992n, 5n, [WETH, PUSD], ROUTER_MSG_SENDER]],
    ])
  })

  it('chains two legs through the router and unwraps a native target to the visitor', () => {
    const { data, value } = buildRouterCalls({
      legs: [v2(PUSD, PTK), v3(PTK, WETH, 500)],
      fromNative: false,
      toNative: true,
      amount: 1_000n,
      swapAmount: 1_000n,
      minimumOutput: 7n,
      deadline: 100n,
      userAddress: USER,
    })
    expect(value).toBe(0n)
    expect(decode(data)).toEqual([
      // The first leg keeps its output in the router and holds no minimum …
      ['swapExactTokensForTokens', [1_000n, 0n, [PUSD, PTK], ROUTER_ADDRESS_THIS]],
      // … the second spends the router's whole balance (0 means "all") and holds the minimum …
      [
        'exactInputSingle',
        [
          {
            tokenIn: PTK,
            tokenOut: WETH,
            fee: 500,
            recipient: ROUTER_ADDRESS_THIS,
            amountIn: 0n,
            amountOutMinimum: 7n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      ],
      // … and the router unwraps at least the minimum to the visitor.
      ['unwrapWETH9', [7n, USER]],
    ])
  })

  it('refuses an amount that is not the swap amount plus the fee', () => {
    expect(() =>
      buildRouterCalls({
        legs: [v2(PUSD, PTK)],
        fromNative: false,
        toNative: false,
        amount: 1_000n,
        swapAmount: 999n,
        minimumOutput: 1n,
        deadline: 1n,
        userAddress: USER,
      }),
    ).toThrow(/swap amount plus the fee/)
  })

  it('wraps the calls in multicall with the deadline', () => {
    const parameters = {
      legs: [v2(PUSD, PTK)],
      fromNative: false,
      toNative: false,
      amount: 10n,
      swapAmount: 10n,
      minimumOutput: 1n,
      deadline: 1_700_000_000n,
      userAddress: USER,
    } as const
    const { data } = encodeRouterMulticall(parameters)
    const decoded = decodeFunctionData({ abi: swapRouter02Abi, data })
    expect(decoded.functionName).toBe('multicall')
    expect(decoded.args).toEqual([1_700_000_000n, buildRouterCalls(parameters).data])
  })
})
