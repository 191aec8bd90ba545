import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { RegistryWallet } from '../walletConnect/types.js'

const NONE: readonly RegistryWallet[] = []

const registryWallets = /* @__PURE__ */ defineSelector((portico: Portico): readonly RegistryWallet[] => {
  const configured = portico.config.walletRegistry
  if (!configured || !portico.options.features.allWallets) return NONE
  // A loader's list arrives in state, like the server's.
  return portico.state.walletRegistry.wallets ?? (typeof configured === 'function' ? NONE : configured)
})
/**
 * The registry wallets AllWallets may list: the server's list once one arrived (or was kept in
 * storage), otherwise the `walletRegistry` the site configured; none when `allWallets` is off.
 *
 * @example
 * const wallets = getRegistryWallets(portico)
 */
export const getRegistryWallets = registryWallets.get
/** Calls `onChange(wallets, previous)` when the registry list changes; returns the unsubscribe. */
export const watchRegistryWallets = registryWallets.watch
