import { snapshot } from 'valtio/vanilla'
import type { Portico } from '../portico.js'
import type { RegistryWallet } from '../walletConnect/types.js'
import { type WatchParameters, watchAreas } from '../watch.js'

const NONE: readonly RegistryWallet[] = []

/**
 * The registry wallets AllWallets may list: the server's list once one arrived (or was kept in
 * storage), otherwise the `walletRegistry` the site configured; none when `allWallets` is off.
 *
 * @example
 * const wallets = getRegistryWallets(portico)
 */
export function getRegistryWallets(portico: Portico): readonly RegistryWallet[] {
  const configured = portico.config.walletRegistry
  if (!configured || !portico.options.features.allWallets) return NONE
  // A loader's list arrives in state, like the server's.
  return (
    snapshot(portico.state.walletRegistry).wallets ?? (typeof configured === 'function' ? NONE : configured)
  )
}

/** Calls `onChange` when the registry list changes; returns the unsubscribe. */
export function watchRegistryWallets(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['walletRegistry'], parameters)
}
