import { snapshot } from 'valtio/vanilla'
import { memo } from '../memo.js'
import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { type WatchParameters, watchAreas } from '../watch.js'
import type { CaipNetworkId, ChainNamespace, Network } from './types.js'

export interface NetworkInfo {
  namespace: ChainNamespace | undefined
  /** The active listed network. */
  network: Network | undefined
  /** False while the connected wallet sits on a network the site does not list. */
  supported: boolean
  unsupportedNetworkId: CaipNetworkId | undefined
  /** Every listed network, in configured order. */
  networks: readonly Network[]
  /** The network a switch waits on in the wallet. */
  pendingNetworkId: CaipNetworkId | undefined
  switchError: Notice | undefined
  switchingNamespace: boolean
}

/**
 * The active network and the site's list.
 *
 * @example
 * const { network, supported } = getNetwork(portico)
 */
export function getNetwork(portico: Portico): NetworkInfo {
  const { modal, chains, networks, connection } = snapshot(portico.state)
  const namespace = modal.activeChain
  const networkState = namespace ? chains[namespace]?.networkState : undefined
  return memo(portico, 'network', [namespace, networkState, networks, connection], () => ({
    namespace,
    network: networkState?.caipNetwork as Network | undefined,
    supported: !networkState?.unsupportedCaipNetworkId,
    unsupportedNetworkId: networkState?.unsupportedCaipNetworkId,
    networks: networks as readonly Network[],
    pendingNetworkId: connection.pendingNetworkId,
    switchError: connection.switchError,
    switchingNamespace: connection.switchingNamespace,
  }))
}
export function watchNetwork(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['chains', 'modal', 'networks', 'connection'], parameters)
}
