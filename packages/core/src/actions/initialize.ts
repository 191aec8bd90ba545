import { ProviderTimeoutError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { withTimeout } from '../timeout.js'
import type { ChainNamespace } from '../types/network.js'
import {
  applyBasicSession,
  isBasicWalletConnect,
  WALLET_CONNECT_CONNECTOR_ID,
} from '../walletConnect/basicMode.js'
import { applyConnection } from './applyConnection.js'
import { checkUnsupportedChain } from './checkUnsupportedChain.js'
import { findConnector } from './connect.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from './connectEmail.js'
import { clearEmailLoginCache } from './submitEmailOtp.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

/** How long reconnect waits for a stored wallet to be announced and to answer (SPEC §9: 3 s). */
export const RECONNECT_TIMEOUT_MS = 3_000

/**
 * Starts the instance in the browser: restores the last network and recent wallets, starts
 * wallet discovery and reconnects stored connections without prompting. Safe to call more than
 * once; `createPortico` calls it unless `ssr` is set, and `PorticoProvider` calls it on mount.
 */
export function initialize(portico: Portico): Promise<void> {
  portico.internal.initialization ??= run(portico)
  return portico.internal.initialization
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
    for (const adapter of internal.adapters.values()) adapter.destroy()
  })

  const connections = internal.storage.get('connections') ?? {}
  const activeNamespace = internal.storage.get('activeNamespace')
  const entries = Object.entries(connections).filter(([namespace]) =>
    internal.adapters.has(namespace as ChainNamespace),
  ) as [ChainNamespace, { connectorId: string }][]
  if (entries.length > 0) {
    state.modal.loading = true
    state.connection.status = 'connecting'
  }
  await Promise.all(
    entries.map(async ([namespace, { connectorId }]) => {
      const adapter = internal.adapters.get(namespace)
      try {
        const result = await adapter?.reconnect({ connectorId, timeoutMs: RECONNECT_TIMEOUT_MS })
        const connector = findConnector(portico, connectorId, namespace)
        if (result && connector) {
          // Only the namespace that was active becomes active again: another one passing through
          // would, for a moment, be the account sign-in checks (and asks to sign).
          applyConnection(portico, namespace, connector, result, {
            activate: !activeNamespace || namespace === activeNamespace,
          })
          return
        }
      } catch (error) {
        internal.logger.warn(`reconnect: ${namespace} failed`, error)
      }
      // SPEC §4: the e-mail login cache goes when the embedded wallet's session is gone.
      if (connectorId === EMBEDDED_WALLET_CONNECTOR_ID) clearEmailLoginCache(portico)
      const remaining = { ...internal.storage.get('connections') }
      delete remaining[namespace]
      internal.storage.set('connections', remaining)
    }),
  )
  if (isBasicWalletConnect(portico)) await reconnectBasicSession(portico)
  const isConnected = (namespace: ChainNamespace | undefined) =>
    namespace !== undefined && state.chains[namespace]?.accountState.status === 'connected'
  if (isConnected(activeNamespace)) state.modal.activeChain = activeNamespace
  else if (!isConnected(state.modal.activeChain)) {
    // The namespace that was active did not come back: another one that did takes its place.
    const other = (Object.keys(state.chains) as ChainNamespace[]).find(isConnected)
    if (other) state.modal.activeChain = other
  }
  state.modal.loading = false
  state.modal.initialized = true
  syncConnectionStatus(portico)
  const active = state.modal.activeChain
  if (active) checkUnsupportedChain(portico, active)
}

/**
 * Basic WalletConnect mode: restores the stored session's accounts, when the last visit ended
 * connected over it. A session that is gone, or does not answer in time, is forgotten.
 */
async function reconnectBasicSession(portico: Portico): Promise<void> {
  const { internal, config } = portico
  const service = config.walletConnect
  const connections = internal.storage.get('connections') ?? {}
  const stored = (Object.keys(connections) as ChainNamespace[]).filter(
    (namespace) => connections[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID,
  )
  if (!service || stored.length === 0) return
  portico.state.modal.loading = true
  try {
    const session = await withTimeout(
      service.reconnect(),
      RECONNECT_TIMEOUT_MS,
      () => new ProviderTimeoutError({ timeoutMs: RECONNECT_TIMEOUT_MS }),
    )
    if (session && applyBasicSession(portico, session).length > 0) return
  } catch (error) {
    internal.logger.warn('reconnect: the WalletConnect session did not come back', error)
  }
  const remaining = { ...internal.storage.get('connections') }
  for (const namespace of stored) delete remaining[namespace]
  internal.storage.set('connections', remaining)
}
