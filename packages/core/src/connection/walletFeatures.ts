import { snapshot } from 'valtio/vanilla'
import type { WalletFeature } from '../config.js'
import { memo } from '../memo.js'
import type { Portico } from '../portico.js'
import { type WatchParameters, watchAreas } from '../watch.js'

/** Whether the adapter of the active namespace has the send capability. */
export function canSend(portico: Portico): boolean {
  const namespace = portico.state.modal.activeChain
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  return adapter?.send !== undefined
}

/**
 * The wallet features the Account view offers, in `walletFeaturesOrder` (SPEC §9): only those
 * switched on and that work for the connected account. Buying and swapping are not offered yet.
 *
 * @example
 * getWalletFeatures(portico) // ['receive', 'send']
 */
export function getWalletFeatures(portico: Portico): readonly WalletFeature[] {
  const { modal, chains } = snapshot(portico.state)
  const namespace = modal.activeChain
  const account = namespace ? chains[namespace]?.accountState : undefined
  const connected = account?.status === 'connected'
  const { features } = portico.options
  return memo(portico, 'walletFeatures', [namespace, connected], () => {
    if (!connected) return []
    const available: Record<WalletFeature, boolean> = {
      onramp: false,
      swaps: false,
      receive: features.receive,
      send: features.send && canSend(portico),
    }
    return features.walletFeaturesOrder.filter((feature) => available[feature])
  })
}
export function watchWalletFeatures(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['chains', 'modal'], parameters)
}
