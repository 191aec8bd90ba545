/**
 * SwapRouter02 calldata for a route: one `multicall(deadline, calls)` that pays the provider fee
 * to its recipient, swaps the rest leg by leg, refuses less than the minimum output and wraps or
 * unwraps the native currency, all in the visitor's one transaction.
 */
import { type Address, encodeFunctionData, type Hex } from 'viem'
import {
  ROUTER_ADDRESS_THIS,
  ROUTER_CONTRACT_BALANCE,
  ROUTER_MSG_SENDER,
  swapRouter02Abi,
} from './swapAbis.js'

export type RouteLeg =
  | { protocol: 'v2'; pool: Address; tokenIn: Address; tokenOut: Address }
  | { protocol: 'v3'; pool: Address; fee: number; tokenIn: Address; tokenOut: Address }

export interface RouterCallParameters {
  legs: readonly RouteLeg[]
  /** Source is the native currency: sent as value, wrapped by the router. */
  fromNative: boolean
  /** Target is the native currency: the router unwraps and sends it. */
  toNative: boolean
  /** Base units the visitor spends, fee included. */
  amount: bigint
  /** Base units that reach the first pool. */
  swapAmount: bigint
  minimumOutput: bigint
  deadline: bigint
  fee?: { amount: bigint; recipient: Address } | undefined
  userAddress: Address
}

/**
 * The calls, in order:
 * - fee, ERC-20 source: `pull(token, fee)` then `sweepToken(token, fee, recipient)` (the router
 *   holds nothing else of the token between calls, so the sweep moves the fee alone);
 * - fee, native source: `wrapETH(fee)` then `unwrapWETH9(fee, recipient)`, so the recipient gets
 *   the native currency;
 * - each leg: the first spends `swapAmount` from the visitor (or the router's native balance),
 *   later ones the router's whole balance of their input; the last one holds the minimum output
 *   and pays the visitor, or the router when it must unwrap;
 * - native target: `unwrapWETH9(minimumOutput, visitor)`.
 */
export function buildRouterCalls(parameters: RouterCallParameters): { data: Hex[]; value: bigint } {
  const { legs, fee, swapAmount, minimumOutput, fromNative, toNative, userAddress } = parameters
  const first = legs[0]
  if (!first) throw new Error('A route has at least one leg.')
  if (parameters.amount !== swapAmount + (fee?.amount ?? 0n)) {
    throw new Error('The amount is the swap amount plus the fee.')
  }
  const data: Hex[] = []
  if (fee && fee.amount > 0n) {
    if (fromNative) {
      data.push(encodeFunctionData({ abi: swapRouter02Abi, functionName: 'wrapETH', args: [fee.amount] }))
      data.push(
        encodeFunctionData({
          abi: swapRouter02Abi,
          functionName: 'unwrapWETH9',
          args: [fee.amount, fee.recipient],
        }),
      )
    } else {
      data.push(
        encodeFunctionData({ abi: swapRouter02Abi, functionName: 'pull', args: [first.tokenIn, fee.amount] }),
      )
      data.push(
        encodeFunctionData({
          abi: swapRouter02Abi,
          functionName: 'sweepToken',
          args: [first.tokenIn, fee.amount, fee.recipient],
        }),
      )
    }
  }
  for (const [index, leg] of legs.entries()) {
    const last = index === legs.length - 1
    const recipient = last && !toNative ? ROUTER_MSG_SENDER : ROUTER_ADDRESS_THIS
    const amountIn = index === 0 ? swapAmount : ROUTER_CONTRACT_BALANCE
    const amountOutMinimum = last ? minimumOutput : 0n
    if (leg.protocol === 'v2') {
      data.push(
        encodeFunctionData({
          abi: swapRouter02Abi,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, amountOutMinimum, [leg.tokenIn, leg.tokenOut], recipient],
        }),
      )
    } else {
      data.push(
        encodeFunctionData({
          abi: swapRouter02Abi,
          functionName: 'exactInputSingle',
          args: [
            {
              tokenIn: leg.tokenIn,
              tokenOut: leg.tokenOut,
              fee: leg.fee,
              recipient,
              amountIn,
              amountOutMinimum,
              sqrtPriceLimitX96: 0n,
            },
          ],
        }),
      )
    }
  }
  if (toNative) {
    data.push(
      encodeFunctionData({
        abi: swapRouter02Abi,
        functionName: 'unwrapWETH9',
        args: [minimumOutput, userAddress],
      }),
    )
  }
  return { data, value: fromNative ? parameters.amount : 0n }
}

/** The whole transaction's calldata: `multicall(deadline, calls)`. */
export function encodeRouterMulticall(parameters: RouterCallParameters): { data: Hex; value: bigint } {
  const { data, value } = buildRouterCalls(parameters)
  return {
    data: encodeFunctionData({
      abi: swapRouter02Abi,
      functionName: 'multicall',
      args: [parameters.deadline, data],
    }),
    value,
  }
}
