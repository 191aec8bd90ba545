import { cancelReconnect } from './connection/cancelReconnect.js'
import { restoreConnections, settleActiveChain } from './connection/restoreConnections.js'
import { RECONNECT_TIMEOUT_MS } from './initialize.js'
import type { Portico } from './portico.js'
import { SOCIAL_RESULT_PARAM } from './social/types.js'

/**
 * The start itself (see `initialize`): restores the last network and recent wallets, starts the
 * adapters' discovery and reconnects stored connections without prompting. Kept apart from
 * `initialize`, which only runs it once, so what starts an instance on demand (opening the modal,
 * `connect`, a wallet list in a lazy chunk) does not bring the reconnect's code with it.
 */
export async function startInstance(portico: Portico): Promise<void> {
  const { state, internal } = portico
  if (!internal.isBrowser) return
  const recent = internal.storage.get('recentWallets')
  if (recent) state.connectors.recent = recent
  const storedNetworkId = internal.storage.get('activeCaipNetworkId')
  const stored = state.networks.find((network) => network.caipNetworkId === storedNetworkId)
  if (stored && state.chains[stored.namespace]) {
    state.modal.activeChain = stored.namespace
    state.modal.selectedNetworkId = stored.caipNetworkId
    const chain = state.chains[stored.namespace]
    if (chain) chain.networkState.caipNetwork = stored
  }

  for (const adapter of internal.adapters.values()) {
    try {
      adapter.start()
      state.connectors.byNamespace[adapter.namespace] = [...adapter.getConnectors()]
    } catch (error) {
      internal.logger.error(`initialize: the ${adapter.namespace} adapter failed to start`, error)
    }
  }
  internal.cleanups.push(() => {
    cancelReconnect(portico)
    for (const adapter of internal.adapters.values()) adapter.destroy()
  })

  // SPEC §9's 3 s: how long the page waits before it shows what it has; wallets slower than that
  // go on coming back in the background.
  await restoreConnections(portico, { windowMs: RECONNECT_TIMEOUT_MS })
  state.modal.loading = false
  state.modal.initialized = true
  settleActiveChain(portico, internal.storage.get('activeNamespace'), { late: false })
  // A social login kept from an earlier visit, or the page back from one's full-page redirect (its
  // window was blocked, the address carries the server's marker): the social code loads only then.
  if (
    internal.storage.get('socialProvider') ||
    new URLSearchParams(window.location.search).has(SOCIAL_RESULT_PARAM)
  )
    void import('./social/modal/restoreSocialLogin.js')
      .then(({ restoreSocialLogin }) => restoreSocialLogin(portico))
      .catch((error: unknown) => internal.logger.error('social login: could not finish the redirect', error))
}
