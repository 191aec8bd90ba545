import type { Portico } from '../portico.js'
import type { GetSwapQuoteReturnType } from './getSwapQuote.js'
import type { SwapAccount } from './resolveSwapAccount.js'

/** SPEC §7: the swap events carry network, token symbols, amounts and a smart-account flag. */
export function trackSwap(
  portico: Portico,
  event: 'SWAP_SUCCESS' | 'SWAP_ERROR' | 'SWAP_APPROVAL_ERROR',
  account: SwapAccount,
  { from, to, quote }: Pick<GetSwapQuoteReturnType, 'from' | 'to' | 'quote'>,
  error?: unknown,
): void {
  portico.internal.track({
    type: 'track',
    event,
    properties: {
      network: account.network.caipNetworkId,
      swapFromToken: from.symbol,
      swapToToken: to.symbol,
      swapFromAmount: quote.fromAmount,
      swapToAmount: quote.toAmount,
      isSmartAccount: account.isSmartAccount,
      ...(error === undefined
        ? {}
        : { message: error instanceof Error ? error.message.split('\n')[0] : String(error) }),
    },
  })
}
