import { getAccountTabs } from '../activity/activity.js'
import { fetchActivity, getActivityTarget, needsFirstActivityPage } from '../activity/fetchActivity.js'
import { resetActivity } from '../activity/resetActivity.js'
import { createLazyImport } from '../adapterKit/createLazyImport.js'
import { syncEmbeddedAccount } from '../email/smartAccount/syncEmbeddedAccount.js'
import { loadNamesCapability } from '../names/loadNamesCapability.js'
import { toCaipAddress } from '../network/caip.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { refreshTokenBalances } from './refreshTokenBalances.js'

// The connected account's name and avatar: a chunk of its own, loaded only where the adapter has a
// name service for the network (names are eip155 only, SPEC §9).
const loadIdentity = createLazyImport(() => import('../names/refreshIdentity.js'))

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
  if (namespace) refreshIdentityOf(portico, namespace)
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
 * Reads the connected account's name and avatar when its network has names; one of another
 * account or network is cleared first (`dropOtherOwnerBalances` cleared it already on an account
 * change, before this chunk loaded; this covers a network without names).
 */
function refreshIdentityOf(portico: Portico, namespace: ChainNamespace): void {
  const { state, internal } = portico
  const chain = state.chains[namespace]
  const account = chain?.accountState
  const network = chain?.networkState.caipNetwork
  if (!account) return
  const owner =
    account.status === 'connected' && account.address && network
      ? toCaipAddress(network.caipNetworkId, account.address)
      : undefined
  internal.identityOwner ??= {}
  if (internal.identityOwner[namespace] !== owner) {
    internal.identityOwner[namespace] = owner
    account.profileName = undefined
    account.profileImage = undefined
  }
  if (!owner || !network || !internal.adapters.get(namespace)?.loadNames) return
  // The adapter's name service first (its network table says whether this network has names).
  loadNamesCapability(portico, namespace)
    .then(async (names) => {
      if (!names?.supports(network)) return
      const { refreshIdentity } = await loadIdentity()
      await refreshIdentity(portico, { namespace })
    })
    .catch((error: unknown) => internal.logger.warn('names: the identity code did not load', error))
}
