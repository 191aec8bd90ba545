import { getAccountTabs } from '../activity/activity.js'
import { fetchActivity, getActivityTarget, needsFirstActivityPage } from '../activity/fetchActivity.js'
import { resetActivity } from '../activity/resetActivity.js'
import { syncEmbeddedAccount } from '../email/smartAccount/syncEmbeddedAccount.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { refreshTokenBalances } from './refreshTokenBalances.js'

/**
 * The work of `refreshAccountAssets`, loaded on its first call so the balance, activity and API
 * client code is not part of the page's first load. It reads the state as it is when it runs, so
 * an account or network changed while it loaded is the one refreshed.
 */
export function refreshAccountAssetsNow(portico: Portico, namespace: ChainNamespace | undefined): void {
  const { state } = portico
  // The embedded wallet's account type and deployment, which the network and Account depend on.
  if (namespace === 'eip155') syncEmbeddedAccount(portico)
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
