import type { Portico } from '../portico.js'
import type { SwapState } from '../state.js'
import { SWAP_SLIPPAGE_PERCENT } from './swapConstants.js'

/** An empty swap form, not yet set up. */
export function createSwapState(): SwapState {
  return {
    caipAddress: undefined,
    initialized: false,
    sourceToken: undefined,
    toToken: undefined,
    tokens: [],
    popularTokens: [],
    suggestedTokens: [],
    myTokensWithBalance: [],
    tokensPriceMap: {},
    sourceTokenAmount: '',
    toTokenAmount: '',
    sourceTokenPriceInUSD: 0,
    toTokenPriceInUSD: 0,
    networkPrice: 0,
    networkBalanceInUSD: 0,
    networkTokenSymbol: '',
    inputError: undefined,
    slippage: SWAP_SLIPPAGE_PERCENT,
    gasFee: undefined,
    gasPriceInUSD: undefined,
    priceImpact: undefined,
    maxSlippage: undefined,
    providerFee: undefined,
    approvalTransaction: undefined,
    swapTransaction: undefined,
    loadingPrices: false,
    loadingQuote: false,
    loadingApprovalTransaction: false,
    loadingBuildTransaction: false,
    loadingTransaction: false,
    notice: undefined,
    networks: {},
  }
}

export type ResetSwapReturnType = undefined

/**
 * Empties the swap form (SPEC §4: after a swap succeeded); the next time a swap view shows it is
 * set up again. What is known about which networks offer swaps is kept. A quote in flight is
 * dropped.
 *
 * @example
 * resetSwap(portico)
 */
export function resetSwap(portico: Portico): ResetSwapReturnType {
  const { state, internal } = portico
  internal.swapQuoteRequest++
  internal.swapAttempt++
  internal.swapQuote = undefined
  state.swap = { ...createSwapState(), networks: state.swap.networks }
}

/** Drops the quote and its transactions: the form changed, so they are for another swap. */
export function clearSwapQuote(portico: Portico): void {
  const { swap } = portico.state
  portico.internal.swapQuoteRequest++
  portico.internal.swapQuote = undefined
  Object.assign(swap, {
    toTokenAmount: '',
    inputError: undefined,
    gasFee: undefined,
    gasPriceInUSD: undefined,
    priceImpact: undefined,
    maxSlippage: undefined,
    providerFee: undefined,
    approvalTransaction: undefined,
    swapTransaction: undefined,
    loadingQuote: false,
    loadingApprovalTransaction: false,
    loadingBuildTransaction: false,
  })
}
