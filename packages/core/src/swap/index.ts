// `@portico/core/swap`: swapping, in an entry of its own so core's main entry (what a page that only
// connects loads) carries none of it. The domain actions a site without the modal drives swaps with,
// the form's reads and setters, and the modal's flows the swap views run.

export type { ApproveSwapErrorType, ApproveSwapParameters, ApproveSwapReturnType } from './approveSwap.js'
export { approveSwap } from './approveSwap.js'
export type {
  GetSwapQuoteErrorType,
  GetSwapQuoteParameters,
  GetSwapQuoteReturnType,
  SwapTokenInput,
} from './getSwapQuote.js'
export { getSwapQuote } from './getSwapQuote.js'
export type {
  GetSwapTokensErrorType,
  GetSwapTokensParameters,
  GetSwapTokensReturnType,
} from './getSwapTokens.js'
export { getSwapTokens } from './getSwapTokens.js'
export type { InitializeSwapFormReturnType } from './modal/initializeSwapForm.js'
export type { QuoteSwapFormReturnType } from './modal/quoteSwapForm.js'
export { reviewSwap } from './modal/reviewSwap.js'
export type { SubmitSwapReturnType } from './modal/submitSwap.js'
export { submitSwap } from './modal/submitSwap.js'
export { requoteSwapForm, SWAP_QUOTE_DEBOUNCE_MS, startSwapForm } from './modal/watchSwapForm.js'
export type { ResetSwapReturnType } from './resetSwap.js'
export { resetSwap } from './resetSwap.js'
export { SWAP_CONFIRMATION_TIMEOUT_MS } from './sendSwapTransaction.js'
export type { SetSwapAmountParameters, SetSwapAmountReturnType } from './setSwapAmount.js'
export { setSwapAmount } from './setSwapAmount.js'
export type { SetSwapTokenParameters, SetSwapTokenReturnType } from './setSwapToken.js'
export { setSwapToken } from './setSwapToken.js'
export type { SwapErrorType, SwapParameters, SwapReturnType } from './swap.js'
export { swap } from './swap.js'
export {
  isNativeSwapToken,
  SWAP_DISPLAY_DECIMALS,
  SWAP_MESSAGE_DECIMALS,
  SWAP_PROVIDER_FEE_PERCENT,
  sameSwapToken,
  truncateDecimals,
} from './swapAmounts.js'
export type {
  SwapAccountNotFoundErrorType,
  SwapApprovalRevertedErrorType,
  SwapNetworkNotServedErrorType,
  SwapPreparationErrorType,
  SwapProblem,
  SwapRevertedErrorType,
  SwapStep,
  SwapUnavailableErrorType,
  SwapValidationErrorType,
} from './swapErrors.js'
export {
  SwapAccountNotFoundError,
  SwapApprovalRevertedError,
  SwapNetworkNotServedError,
  SwapPreparationError,
  SwapRevertedError,
  SwapUnavailableError,
  SwapValidationError,
} from './swapErrors.js'
export type { SwapInfo, SwapValidation } from './swapForm.js'
export { checkSwap, getSwap, getSwapValidation, watchSwap, watchSwapValidation } from './swapForm.js'
export type { SwapQuoteRequest, SwapService } from './swapService.js'
export { getSwapService } from './swapService.js'
export type { SwitchSwapTokensReturnType } from './switchSwapTokens.js'
export { switchSwapTokens } from './switchSwapTokens.js'
