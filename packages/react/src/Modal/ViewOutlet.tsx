import type { View } from '@portico/core'
import { lazy, type ReactNode, useEffect, useReducer } from 'react'
import { AccountNftsSlot } from '../components/accountNftsSlot.js'
import { loadView, type ViewModule } from './views.js'

/**
 * The Account view's NFTs tab, a chunk of its own loaded when the tab is first shown (see
 * `AccountNftsSlot`); defined with the frame, not the page's view table, so the first load has none of it.
 */
const AccountNfts = lazy(() =>
  import('../views/AccountNfts/AccountNfts.js').then((module) => ({ default: module.AccountNfts })),
)

/**
 * Renders a view from its module, showing `loading` until the module is there. It does not
 * suspend: React holds a Suspense fallback for a minimum time once shown, which would delay a
 * view whose code arrives a few milliseconds after the modal opens. A failed load is thrown to
 * the error boundary around it.
 */
export function ViewOutlet({
  view,
  loading,
  load = loadView,
}: {
  view: View
  loading: ReactNode
  /** Where the view's module comes from; tests give their own. */
  load?: (view: View) => ViewModule
}) {
  const module = load(view)
  const [, settled] = useReducer((n: number) => n + 1, 0)
  // What this render saw. The module may settle after the render and before the effect runs (a
  // refused fetch fails that fast); then the effect must render again rather than wait for news.
  const seen = module.status
  useEffect(() => {
    if (module.status !== seen) settled()
    else if (!module.status) module.then(settled, settled)
  }, [module, seen])
  if (module.status === 'rejected') throw module.reason
  if (module.status !== 'fulfilled' || !module.value) return loading
  const Component = module.value
  return (
    <AccountNftsSlot value={AccountNfts}>
      <Component />
    </AccountNftsSlot>
  )
}
