import type { Portico } from '../portico.js'
import type { SwapFormToken } from '../state.js'
import { clearSwapQuote } from './resetSwap.js'
import { sameSwapToken } from './swapAmounts.js'
import { switchSwapTokens } from './switchSwapTokens.js'

export type SetSwapTokenParameters = { side: 'source' | 'to'; token: SwapFormToken }
export type SetSwapTokenReturnType = undefined

/**
 * Chooses the token of one side of the swap. Choosing the other side's token switches the two
 * (SPEC §4). The quote is dropped; the swap form's flow asks for a new one.
 *
 * @example
 * setSwapToken(portico, { side: 'to', token: getSwap(portico).tokens[1]! })
 */
export function setSwapToken(portico: Portico, parameters: SetSwapTokenParameters): SetSwapTokenReturnType {
  const { swap } = portico.state
  const { side, token } = parameters
  const other = side === 'source' ? swap.toToken : swap.sourceToken
  const current = side === 'source' ? swap.sourceToken : swap.toToken
  if (sameSwapToken(current, token)) return
  if (sameSwapToken(other, token)) return switchSwapTokens(portico)
  clearSwapQuote(portico)
  swap.notice = undefined
  const copy = { ...token }
  if (side === 'source') {
    swap.sourceToken = copy
    swap.sourceTokenPriceInUSD = swap.tokensPriceMap[token.address] ?? 0
  } else {
    swap.toToken = copy
    swap.toTokenPriceInUSD = swap.tokensPriceMap[token.address] ?? 0
  }
}
