import { subscribe } from 'valtio/vanilla'
import { callApi, hasApiServer } from '../api/client.js'
import type { Portico } from '../portico.js'

/** How long a fetched registry is used before it is asked for again: a day. */
export const WALLET_REGISTRY_TTL_MS = 24 * 60 * 60 * 1000

export type RefreshWalletRegistryParameters = {
  /** Asks the server even when the list kept is less than a day old. */
  force?: boolean
}
export type RefreshWalletRegistryReturnType = undefined
export type RefreshWalletRegistryErrorType = never

/**
 * Brings the wallet registry behind AllWallets up to date: the list kept in storage when it is
 * less than a day old, otherwise `GET /v1/wallets` from the Portico server (10 s timeout, checked
 * against the contract). Only when the site passed `walletRegistry` and `allWallets` is on.
 * Never throws: a failure keeps the last good list (or the configured one) and is logged, so
 * nothing waits on it.
 *
 * @example
 * void refreshWalletRegistry(portico)
 */
export async function refreshWalletRegistry(
  portico: Portico,
  parameters: RefreshWalletRegistryParameters = {},
): Promise<RefreshWalletRegistryReturnType> {
  const { state, internal, options, config } = portico
  if (!config.walletRegistry || !options.features.allWallets) return
  const registry = state.walletRegistry
  if (registry.loading) return
  registry.loading = true
  try {
    // The contract's checks are loaded only by sites that list a registry,
    // and only once the modal opens, so the connect-only bundle does not carry it.
    const { walletRegistryResponseCheck } = await import('./walletRegistryCheck.js')
    if (registry.wallets === undefined) {
      const stored = internal.storage.get('walletRegistryCache')
      const parsed = walletRegistryResponseCheck.safeParse({ wallets: stored?.value })
      if (stored && parsed.success && stored.timestamp <= Date.now()) {
        registry.wallets = parsed.data.wallets
        registry.updatedAt = stored.timestamp
      } else if (stored) internal.storage.remove('walletRegistryCache')
    }
    // A site that loads its list on demand: loaded once, then the server may replace it.
    if (registry.wallets === undefined && typeof config.walletRegistry === 'function') {
      registry.wallets = await config.walletRegistry()
    }
    const fresh = registry.updatedAt !== undefined && Date.now() - registry.updatedAt < WALLET_REGISTRY_TTL_MS
    if ((fresh && !parameters.force) || !hasApiServer(portico)) return

    const { wallets } = await callApi({
      apiUrl: options.apiUrl!,
      projectId: options.projectId!,
      path: '/v1/wallets',
      schema: walletRegistryResponseCheck,
    })
    const updatedAt = Date.now()
    registry.wallets = wallets
    registry.updatedAt = updatedAt
    internal.storage.set('walletRegistryCache', { timestamp: updatedAt, value: wallets })
  } catch (error) {
    internal.logger.warn('wallet registry: keeping the current list', error)
  } finally {
    registry.loading = false
  }
}

/**
 * Refreshes the registry in the background whenever the modal opens, so AllWallets has it ready
 * and opening never waits on it. Returns the unsubscribe; `createPortico` registers it.
 */
export function watchWalletRegistryNeed(portico: Portico): () => void {
  let wasOpen = portico.state.modal.open
  return subscribe(
    portico.state.modal,
    () => {
      const { open } = portico.state.modal
      if (open && !wasOpen) void refreshWalletRegistry(portico)
      wasOpen = open
    },
    true,
  )
}
