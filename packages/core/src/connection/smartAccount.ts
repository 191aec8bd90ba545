import { snapshot } from 'valtio/vanilla'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { type WatchParameters, watchAreas } from '../watch.js'

/**
 * Whether the connected account of the active namespace (or of `namespace`) is a smart account:
 * only the embedded (AUTH) wallet has them, when its preferred account type is 'smartAccount',
 * and only on a network listed as smart-account enabled (SPEC §6). Smart accounts are never short
 * of gas (SPEC §5).
 *
 * @example
 * getIsSmartAccount(portico) // false for a browser wallet
 */
export function getIsSmartAccount(portico: Portico, namespace?: ChainNamespace): boolean {
  const target = namespace ?? snapshot(portico.state.modal).activeChain
  const chain = target ? snapshot(portico.state.chains)[target] : undefined
  if (chain?.accountState.status !== 'connected') return false
  const { accountState, networkState } = chain
  const network = networkState.caipNetwork
  return (
    accountState.connectedWalletInfo?.type === 'AUTH' &&
    accountState.preferredAccountType === 'smartAccount' &&
    network !== undefined &&
    networkState.smartAccountEnabledNetworks.some((id) => String(id) === String(network.id))
  )
}
export function watchIsSmartAccount(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['chains', 'modal'], parameters)
}
