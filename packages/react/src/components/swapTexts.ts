import type { SwapProblem } from '@portico/core/swap'
import type { PlainKey } from './sendTexts.js'

/** What the Swap view's button says for each problem of the form (SPEC §5 Swap). */
export const SWAP_PROBLEM_LABELS: Record<SwapProblem, PlainKey> = {
  notConnected: 'swapNotConnected',
  noSourceToken: 'swapChooseToken',
  noToToken: 'swapSelectTarget',
  sameToken: 'swapSelectTarget',
  noAmount: 'swapEnterAmount',
  invalidAmount: 'swapInvalidAmount',
  zeroAmount: 'swapEnterAmount',
  // SPEC §8: 'Insufficient balance' for the source balance and for gas alike.
  insufficientBalance: 'swapInsufficientBalance',
  insufficientGas: 'swapInsufficientBalance',
  noTransaction: 'swapQuoting',
}
