import type { Portico } from '../portico.js'
import { clearSwapQuote } from './resetSwap.js'
import { truncateDecimals } from './swapAmounts.js'

export type SwitchSwapTokensReturnType = undefined

/**
 * Switches the source and target tokens (SPEC §4): the target amount becomes the amount to
 * swap, or 1 when there is none yet. The quote is dropped; the swap form's flow asks for a new one.
 *
 * @example
 * switchSwapTokens(portico)
 */
export function switchSwapTokens(portico: Portico): SwitchSwapTokensReturnType {
  const { swap } = portico.state
  const { sourceToken, toToken, toTokenAmount, sourceTokenPriceInUSD, toTokenPriceInUSD } = swap
  clearSwapQuote(portico)
  swap.notice = undefined
  swap.sourceToken = toToken
  swap.toToken = sourceToken
  swap.sourceTokenPriceInUSD = toTokenPriceInUSD
  swap.toTokenPriceInUSD = sourceTokenPriceInUSD
  // SPEC §4: amount 1 when the target amount is empty. A target amount may have more decimals
  // than the token takes as an input only if the server wrote it so; cut it to the token's.
  swap.sourceTokenAmount =
    toTokenAmount === '' ? '1' : truncateDecimals(toTokenAmount, toToken?.decimals ?? 18)
}
