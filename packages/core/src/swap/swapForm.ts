import { getIsSmartAccount } from '../connection/smartAccount.js'
import { ParseUnitsError, parseUnits } from '../format/parseUnits.js'
import type { Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { SwapState, SwapTokenWithBalance } from '../state.js'
import { isNativeSwapToken, sameSwapToken } from './swapAmounts.js'
import type { SwapProblem } from './swapErrors.js'

/** The swap form with what it is read against: the account, its network and balances. */
export interface SwapInfo extends Readonly<SwapState> {
  address: string | undefined
  network: Network | undefined
  isSmartAccount: boolean
  /** What the visitor holds of the source token, whole tokens, once known. */
  sourceBalance: string | undefined
  /** What the visitor holds of the target token, whole tokens, once known. */
  toBalance: string | undefined
  /** The network's own currency held, whole tokens, once known. */
  nativeBalance: string | undefined
  /** The network fee in whole native tokens, when known. */
  gasFeeAmount: string | undefined
}

function balanceOf(
  token: { address: string } | undefined,
  mine: readonly SwapTokenWithBalance[],
  initialized: boolean,
): string | undefined {
  if (!token) return undefined
  const held = mine.find((candidate) => sameSwapToken(candidate, token))
  // The server lists every token the visitor holds: one not among them is not held.
  return held?.quantity.numeric ?? (initialized ? '0' : undefined)
}

function read(portico: Portico): SwapInfo {
  const { swap, modal, chains } = portico.state
  const namespace = modal.activeChain
  const chain = namespace ? chains[namespace] : undefined
  const network = chain?.networkState.caipNetwork as Network | undefined
  const connected = chain?.accountState.status === 'connected'
  const native = swap.myTokensWithBalance.find(isNativeSwapToken)
  const decimals = network?.nativeCurrency.decimals
  return {
    ...swap,
    address: connected ? chain?.accountState.address : undefined,
    network,
    isSmartAccount: getIsSmartAccount(portico),
    sourceBalance: balanceOf(swap.sourceToken, swap.myTokensWithBalance, swap.initialized),
    toBalance: balanceOf(swap.toToken, swap.myTokensWithBalance, swap.initialized),
    // The adapter's exact native balance first: the server's may be older.
    nativeBalance: (connected ? chain?.accountState.balance : undefined) ?? native?.quantity.numeric,
    gasFeeAmount:
      swap.gasFee !== undefined && decimals !== undefined ? wholeTokens(swap.gasFee, decimals) : undefined,
  }
}

function wholeTokens(value: bigint, decimals: number): string {
  const text = value.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

const swapForm = /* @__PURE__ */ defineSelector(read)
/**
 * The swap form and its context, for the Swap views: the tokens, amounts, quote, fees and
 * transactions (SPEC §3 Swap state), the account's address and network, and its balances.
 *
 * @example
 * const { sourceToken, toToken, toTokenAmount } = getSwap(portico)
 */
export const getSwap = swapForm.get
/** Calls `onChange(swap, previous)` when the form or what it is read against changes; returns the unsubscribe. */
export const watchSwap = swapForm.watch

export interface SwapValidation {
  /** The first problem; undefined when the amount can be swapped (a quote may still be loading). */
  problem: SwapProblem | undefined
  /** The amount in the source token's base units, when it could be read. */
  amount: bigint | undefined
}

/** The SPEC §5 Swap checks over the form as `getSwap` gives it. */
export function checkSwap(info: SwapInfo): SwapValidation {
  const { sourceToken, toToken } = info
  const result = (problem: SwapProblem | undefined, amount?: bigint): SwapValidation => ({ problem, amount })
  // SPEC §5: a swap needs a connected address, a valid source and target token with decimals and
  // a non-empty amount greater than 0.
  if (!info.address || !info.network) return result('notConnected')
  if (!sourceToken || !Number.isInteger(sourceToken.decimals)) return result('noSourceToken')
  if (!toToken || !Number.isInteger(toToken.decimals)) return result('noToToken')
  if (sameSwapToken(sourceToken, toToken)) return result('sameToken')
  if (info.sourceTokenAmount.trim() === '') return result('noAmount')
  let amount: bigint
  try {
    amount = parseUnits(info.sourceTokenAmount, sourceToken.decimals)
  } catch (error) {
    if (!(error instanceof ParseUnitsError)) throw error
    return result(error.reason === 'empty' ? 'noAmount' : 'invalidAmount')
  }
  if (amount <= 0n) return result('zeroAmount', amount)
  // SPEC §5: insufficient balance if the source-token balance is below the amount.
  if (info.sourceBalance !== undefined && units(info.sourceBalance, sourceToken.decimals) < amount)
    return result('insufficientBalance', amount)
  // SPEC §5: for non-smart accounts, also if the network token balance is zero or below the gas cost.
  if (!info.isSmartAccount && info.nativeBalance !== undefined) {
    const decimals = info.network.nativeCurrency.decimals
    const native = units(info.nativeBalance, decimals)
    const gas = info.gasFee ?? 0n
    if (native === 0n || native < gas) return result('insufficientGas', amount)
    // Swapping the network's own currency spends the amount and the gas from the same balance.
    if (isNativeSwapToken(sourceToken) && native < amount + gas) return result('insufficientGas', amount)
  }
  return result(undefined, amount)
}

/** Whole tokens in base units; extra decimals (a server rounding differently) are cut off. */
function units(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  return parseUnits(`${whole}.${fraction.slice(0, decimals)}`, decimals)
}

const swapValidation = /* @__PURE__ */ defineSelector(
  (portico: Portico): SwapValidation => checkSwap(read(portico)),
)
/**
 * Whether the swap form can be swapped, and if not the first reason (SPEC §5 Swap): not
 * connected, a missing token, an empty, unreadable or zero amount, a source balance below the
 * amount, and for accounts that are not smart accounts a network balance of zero or below the gas
 * cost.
 *
 * @example
 * const { problem } = getSwapValidation(portico) // 'insufficientBalance'
 */
export const getSwapValidation = swapValidation.get
/** Calls `onChange(validation, previous)` when the form's first problem changes; returns the unsubscribe. */
export const watchSwapValidation = swapValidation.watch
