// The swap form's own rules while it is on screen (SPEC §2 Swap, SwapSelectToken, SwapPreview;
// §4 Swap): set up once per account and network, a quote again after each change of token or
// amount once typing pauses. The UI that renders the swap views starts it (`startSwapForm`), so a
// site that only connects never loads the swap code.

import type { View } from '../../modal/routes.js'
import { runOnEveryChange } from '../../modal/runOnEveryChange.js'
import type { Portico } from '../../portico.js'
import { initializeSwapForm } from './initializeSwapForm.js'
import { quoteSwapForm } from './quoteSwapForm.js'

/** How long typing pauses before a new quote is asked for. */
export const SWAP_QUOTE_DEBOUNCE_MS = 400

const SWAP_VIEWS: ReadonlySet<View> = new Set<View>(['Swap', 'SwapSelectToken', 'SwapPreview'])

/**
 * Runs the swap form's flow on this instance from now on (see `watchSwapForm`). A UI that renders
 * the swap views calls it when one of them first shows; later calls do nothing, and `destroy`
 * stops it.
 *
 * @example
 * useEffect(() => startSwapForm(portico), [portico])
 */
export function startSwapForm(portico: Portico): void {
  const { internal } = portico
  if (internal.stopSwapForm) return
  const stop = watchSwapForm(portico)
  internal.stopSwapForm = stop
  internal.cleanups.push(() => {
    stop()
    internal.stopSwapForm = undefined
  })
}

/**
 * Runs the swap form's flow while one of its views is on screen: the form is set up
 * (`initializeSwapForm`) when it was not yet for the connected account; each change of source
 * token, target token or amount drops the quote in flight and asks again
 * `SWAP_QUOTE_DEBOUNCE_MS` after the last change (`quoteSwapForm`). Leaving the views or closing
 * the modal drops what is pending. Returns the unsubscribe.
 */
export function watchSwapForm(portico: Portico): () => void {
  const { state, internal } = portico
  let quoteKey: string | undefined
  let initializing: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const dropQuote = () => {
    clearTimeout(timer)
    timer = undefined
  }

  const step = () => {
    const onScreen = state.modal.open && SWAP_VIEWS.has(state.router.route.view)
    if (!onScreen) {
      quoteKey = undefined
      dropQuote()
      return
    }
    const namespace = state.modal.activeChain
    const caipAddress = namespace ? state.chains[namespace]?.accountState.caipAddress : undefined
    const { swap } = state
    if (!swap.initialized || swap.caipAddress !== caipAddress) {
      // Once per account and network (SPEC §4 "initialises once"); a failure goes back, so it is
      // not tried again until the form is opened again.
      const key = String(caipAddress)
      if (initializing === key) return
      initializing = key
      quoteKey = undefined
      dropQuote()
      void initializeSwapForm(portico).finally(() => {
        if (initializing === key) initializing = undefined
      })
      return
    }
    const key = [swap.sourceToken?.address, swap.toToken?.address, swap.sourceTokenAmount].join('|')
    if (key === quoteKey) return
    quoteKey = key
    dropQuote()
    // A quote in flight is for what the form no longer says: its answer is dropped.
    internal.swapQuoteRequest++
    timer = setTimeout(() => {
      timer = undefined
      void quoteSwapForm(portico)
    }, SWAP_QUOTE_DEBOUNCE_MS)
  }

  const unsubscribe = runOnEveryChange(state, step)
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}

/**
 * Asks for a new quote at once for what the form says, outside the typing pause: after an
 * approval (SPEC §4: the quote and transaction are recomputed) and after a reverted swap.
 */
export function requoteSwapForm(portico: Portico): Promise<unknown> {
  portico.internal.swapQuoteRequest++
  return quoteSwapForm(portico)
}
