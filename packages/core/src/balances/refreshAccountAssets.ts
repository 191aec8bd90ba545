import { subscribe } from 'valtio/vanilla'
import { resetActivity } from '../activity/resetActivity.js'
import { createLazyImport } from '../adapterKit/createLazyImport.js'
import { toCaipAddress } from '../network/caip.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

const loadRefresh = createLazyImport(() => import('./refreshAccountAssetsNow.js'))

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
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  // What belongs to another account or network goes at once, not once the refresh code is loaded:
  // the previous account's balances and activity must never show for this one.
  if (namespace) dropOtherOwnerBalances(portico, namespace)
  const activityOwner = state.activity.caipAddress
  if (activityOwner !== undefined && activityOwner !== activeCaipAddress(portico)) resetActivity(portico)
  loadRefresh().then(
    ({ refreshAccountAssetsNow }) => refreshAccountAssetsNow(portico, namespace),
    (error: unknown) => internal.logger.warn('account assets: the refresh code did not load', error),
  )
}

/** The connected account of the active namespace on its network, as activity and balances key it. */
function activeCaipAddress(portico: Portico): string | undefined {
  const namespace = portico.state.modal.activeChain
  const chain = namespace ? portico.state.chains[namespace] : undefined
  const address = chain?.accountState.address
  const network = chain?.networkState.caipNetwork
  if (!address || !network || chain.accountState.status !== 'connected') return undefined
  return toCaipAddress(network.caipNetworkId, address)
}

/**
 * Clears the token balances shown for a namespace when they belong to another account or network
 * than the connected one, as `refreshTokenBalances` does first, and makes it the new owner, so a
 * fetch still on its way for the previous one drops its answer (it keeps only its owner's). That
 * fetch no longer counts as this owner's either: the refresh fetches again.
 */
function dropOtherOwnerBalances(portico: Portico, namespace: ChainNamespace): void {
  const { state, internal } = portico
  const chain = state.chains[namespace]
  const account = chain?.accountState
  const address = account?.address
  const network = chain?.networkState.caipNetwork
  if (!account || !address || !network || account.status !== 'connected') return
  if (chain.networkState.unsupportedCaipNetworkId) return
  const owner = toCaipAddress(network.caipNetworkId, address)
  if (internal.tokenBalanceOwner[namespace] === owner) return
  internal.tokenBalanceOwner[namespace] = owner
  internal.tokenBalanceFetching.delete(namespace)
  account.tokenBalance = []
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
