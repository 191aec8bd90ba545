import { cancelReconnect } from './connection/cancelReconnect.js'
import { hasStoredConnections } from './connection/hasStoredConnections.js'
import { restoreConnections, settleActiveChain } from './connection/restoreConnections.js'
import type { Portico } from './portico.js'

/**
 * How long the page waits for stored connections before it shows its not-yet-connected state
 * (SPEC §9: 3 s). It is not how long a wallet may take: one still answering after it shows as
 * `reconnecting` until it is back, gone, or past its bound (`RECONNECT_BOUND_MS`).
 */
export const RECONNECT_TIMEOUT_MS = 3_000

/** How long the start waits for the browser to be idle after the page's load before it runs anyway. */
export const START_IDLE_TIMEOUT_MS = 1_000
/** Without `requestIdleCallback` (Safari), the wait after the page's load before the start runs. */
export const START_FALLBACK_DELAY_MS = 50

/**
 * Starts the instance in the browser: restores the last network and recent wallets, starts
 * wallet discovery and reconnects stored connections without prompting. Safe to call more than
 * once; `initializeWhenIdle` calls it, and so does whatever needs it done (opening the modal,
 * `connect`, a watch on the wallets to offer, an adapter's event).
 */
export function initialize(portico: Portico): Promise<void> {
  const { internal } = portico
  if (internal.initialization) return internal.initialization
  // Set before the start runs: an adapter's event during its start (a wallet announcing itself)
  // finds it started and does not start it again.
  let settle: (started: Promise<void>) => void = () => {}
  internal.initialization = new Promise<void>((resolve) => {
    settle = resolve
  })
  settle(run(portico))
  return internal.initialization
}

/**
 * Runs `initialize` once the page has loaded and the browser is idle, so neither the page's load
 * nor the first paint of its button waits for wallet discovery; what needs the start before then
 * runs it at once. A visitor whose last visit ended connected, or who is back from a social login's
 * redirect, gets it at once: the reconnect and its SPEC §9 3 s window start as early as the page
 * does. `createPortico` calls it unless `ssr` is set, and `PorticoProvider` calls it on mount.
 * Returns the cancel of the wait (`destroy` cancels it too).
 */
export function initializeWhenIdle(portico: Portico): () => void {
  const { internal } = portico
  if (!internal.isBrowser || internal.initialization) return () => {}
  if (hasStoredConnections(portico) || internal.storage.get('socialRedirect')) {
    void initialize(portico)
    return () => {}
  }
  let cancel = () => {}
  const start = () => void initialize(portico)
  const whenLoaded = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(start, { timeout: START_IDLE_TIMEOUT_MS })
      cancel = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(start, START_FALLBACK_DELAY_MS)
      cancel = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') whenLoaded()
  else {
    window.addEventListener('load', whenLoaded, { once: true })
    cancel = () => window.removeEventListener('load', whenLoaded)
  }
  const stop = () => cancel()
  internal.cleanups.push(stop)
  return stop
}

async function run(portico: Portico): Promise<void> {
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
  // Back from a social login's full-page redirect (its window was blocked): its code loads only then.
  if (internal.storage.get('socialRedirect'))
    void import('./social/modal/finishSocialRedirect.js')
      .then(({ finishSocialRedirect }) => finishSocialRedirect(portico))
      .catch((error: unknown) => internal.logger.error('social login: could not finish the redirect', error))
}
