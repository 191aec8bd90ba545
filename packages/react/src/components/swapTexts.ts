import type { SwapProblem } from '@portico/core/swap'
import type { SwapTextKey } from './swapCatalogue.js'

/** What the Swap view's button says for each problem of the form (SPEC §5 Swap). */
export const SWAP_PROBLEM_LABELS: Record<SwapProblem, SwapTextKey> = {
  notConnected: 'notConnected',
  noSourceToken: 'chooseToken',
  noToToken: 'selectTarget',
  sameToken: 'selectTarget',
  noAmount: 'enterAmount',
  invalidAmount: 'invalidAmount',
  zeroAmount: 'enterAmount',
  // SPEC §8: 'Insufficient balance' for the source balance and for gas alike.
  insufficientBalance: 'insufficientBalance',
  insufficientGas: 'insufficientBalance',
  noTransaction: 'quoting',
}
