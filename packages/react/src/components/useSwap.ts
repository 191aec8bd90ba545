import {
  getSwap,
  getSwapValidation,
  type SwapInfo,
  type SwapValidation,
  watchSwap,
  watchSwapValidation,
} from '@portico/core/swap'
import { usePorticoRead } from '../hooks/usePorticoRead.js'

// Here rather than in hooks/: only the swap views read these, and their code (core's swap entry)
// is in the swap views' chunks, never in a page that only connects.

/** The swap form and what it is read against: tokens, balances, quote, fees. */
export const useSwap = (): SwapInfo => usePorticoRead(getSwap, watchSwap)

/** The first problem of the swap form (SPEC §5 Swap). */
export const useSwapValidation = (): SwapValidation => usePorticoRead(getSwapValidation, watchSwapValidation)
