import type { WalletFeature } from '../config.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'

/** Whether the adapter of the active namespace has the send capability. */
export function canSend(portico: Portico): boolean {
  const namespace = portico.state.modal.activeChain
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  return adapter?.send !== undefined
}

const walletFeatures = /* @__PURE__ */ defineSelector((portico: Portico): readonly WalletFeature[] => {
  const { modal, chains } = portico.state
  const namespace = modal.activeChain
  if (!namespace || chains[namespace]?.accountState.status !== 'connected') return []
  const { features } = portico.options
  const available: Record<WalletFeature, boolean> = {
    onramp: false,
    swaps: false,
    receive: features.receive,
    send: features.send && canSend(portico),
  }
  return features.walletFeaturesOrder.filter((feature) => available[feature])
})
/**
 * The wallet features the Account view offers, in `walletFeaturesOrder` (SPEC §9): only those
 * switched on and that work for the connected account. Buying and swapping are not offered yet.
 *
 * @example
 * getWalletFeatures(portico) // ['receive', 'send']
 */
export const getWalletFeatures = walletFeatures.get
/** Calls `onChange(features, previous)` when the features offered change; returns the unsubscribe. */
export const watchWalletFeatures = walletFeatures.watch
