import type { WalletFeature } from '../config.js'
import { getOnrampProviders } from '../onramp/getOnrampProviders.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'

/** Whether the adapter of the active namespace has the send capability. */
export function canSend(portico: Portico): boolean {
  const namespace = portico.state.modal.activeChain
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  return adapter?.send !== undefined
}

/** Whether the adapter of the active namespace can call contracts and wait for them (swaps). */
export function canSwap(portico: Portico): boolean {
  const namespace = portico.state.modal.activeChain
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  return adapter?.contracts !== undefined && adapter.send !== undefined
}

function swapOffered(portico: Portico): boolean {
  const { modal, chains, swap } = portico.state
  const id = modal.activeChain
    ? chains[modal.activeChain]?.networkState.caipNetwork?.caipNetworkId
    : undefined
  return id !== undefined && swap.networks[id] === true
}

const walletFeatures = /* @__PURE__ */ defineSelector((portico: Portico): readonly WalletFeature[] => {
  const { modal, chains } = portico.state
  const namespace = modal.activeChain
  if (!namespace || chains[namespace]?.accountState.status !== 'connected') return []
  const { features } = portico.options
  const available: Record<WalletFeature, boolean> = {
    // SPEC §9 card purchase: a registered provider that sells here, outside the restricted time zones.
    onramp: getOnrampProviders(portico).length > 0,
    // Where the swap service offers swaps on the active network (`checkSwapSupport` asks it).
    swaps: features.swaps && canSwap(portico) && swapOffered(portico),
    receive: features.receive,
    send: features.send && canSend(portico),
  }
  return features.walletFeaturesOrder.filter((feature) => available[feature])
})
/**
 * The wallet features the Account view offers, in `walletFeaturesOrder` (SPEC §9): only those
 * switched on and that work for the connected account. Swaps only where the swap service offers
 * them on the active network, once `checkSwapSupport` asked; buying where `getOnrampProviders`
 * has a provider.
 *
 * @example
 * getWalletFeatures(portico) // ['onramp', 'receive', 'send']
 */
export const getWalletFeatures = walletFeatures.get
/** Calls `onChange(features, previous)` when the features offered change; returns the unsubscribe. */
export const watchWalletFeatures = walletFeatures.watch
