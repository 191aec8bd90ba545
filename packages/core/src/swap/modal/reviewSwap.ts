import { navigate } from '../../modal/navigate.js'
import type { Portico } from '../../portico.js'
import { getSwap, getSwapValidation } from '../swapForm.js'

/**
 * The Swap view's button: shows the preview (SPEC §2 SwapPreview) once the form can be swapped and
 * its quote is in. Returns whether it did.
 *
 * @example
 * <button onClick={() => reviewSwap(portico)}>Review swap</button>
 */
export function reviewSwap(portico: Portico): boolean {
  const swap = getSwap(portico)
  if (getSwapValidation(portico).problem || swap.loadingQuote || swap.inputError) return false
  if (!swap.approvalTransaction && !swap.swapTransaction) return false
  navigate(portico, { view: 'SwapPreview' })
  return true
}
