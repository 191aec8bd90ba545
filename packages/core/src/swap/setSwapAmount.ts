import type { Portico } from '../portico.js'
import { clearSwapQuote } from './resetSwap.js'

export type SetSwapAmountParameters = { amount: string }
export type SetSwapAmountReturnType = undefined

/**
 * Sets the amount of the source token to swap, as typed; the quote it had is dropped and the swap
 * form's flow asks for a new one once typing pauses (SPEC §4).
 *
 * @example
 * setSwapAmount(portico, { amount: '0.5' })
 */
export function setSwapAmount(
  portico: Portico,
  parameters: SetSwapAmountParameters,
): SetSwapAmountReturnType {
  const { swap } = portico.state
  if (swap.sourceTokenAmount === parameters.amount) return
  clearSwapQuote(portico)
  swap.notice = undefined
  swap.sourceTokenAmount = parameters.amount
}
