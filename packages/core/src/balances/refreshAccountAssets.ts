import { subscribe } from 'valtio/vanilla'
import { getAccountTabs } from '../activity/activity.js'
import { fetchActivity, getActivityTarget, needsFirstActivityPage } from '../activity/fetchActivity.js'
import { resetActivity } from '../activity/resetActivity.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { refreshTokenBalances } from './refreshTokenBalances.js'

export type RefreshAccountAssetsParameters = { namespace?: ChainNamespace }

/**
 * Brings a namespace's assets up to date after a connection, an account or network change, a
 * disconnect, or the Account view opening: token balances (caches respected), and for the active
 * account the activity list, which is emptied when it belongs to another account or network,
 * loaded when the Activity tab is on view, and fetched again when it is on view already.
 */
export function refreshAccountAssets(
  portico: Portico,
  parameters: RefreshAccountAssetsParameters = {},
): void {
  const { state } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  void refreshTokenBalances(portico, namespace ? { namespace } : {})
  const target = getActivityTarget(portico)
  if (state.activity.caipAddress !== undefined && state.activity.caipAddress !== target?.caipAddress)
    resetActivity(portico)
  const onActivityTab =
    state.modal.open &&
    state.router.route.view === 'Account' &&
    getAccountTabs(portico).current === 'Activity'
  if (!onActivityTab) return
  if (needsFirstActivityPage(portico)) void fetchActivity(portico)
  // A list from an earlier visit may miss what happened since: fetched again behind the rows shown.
  else if (state.activity.loaded && !state.activity.loading) void fetchActivity(portico, { refresh: true })
}

/**
 * Refreshes the assets each time the Account view comes on screen. Returns the unsubscribe;
 * `createPortico` registers it with the instance's cleanups.
 */
export function watchAccountViewOpening(portico: Portico): () => void {
  let previous = portico.state.router.route.view
  const check = () => {
    const { open } = portico.state.modal
    const view = open ? portico.state.router.route.view : undefined
    if (view === 'Account' && previous !== 'Account') refreshAccountAssets(portico)
    previous = view ?? 'Connect'
  }
  const unsubscribeRouter = subscribe(portico.state.router, check, true)
  const unsubscribeModal = subscribe(portico.state.modal, check, true)
  return () => {
    unsubscribeRouter()
    unsubscribeModal()
  }
}
