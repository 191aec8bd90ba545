import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
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

const network = /* @__PURE__ */ defineSelector((portico: Portico): NetworkInfo => {
  const { modal, chains, networks, connection } = portico.state
  const namespace = modal.activeChain
  const networkState = namespace ? chains[namespace]?.networkState : undefined
  return {
    namespace,
    network: networkState?.caipNetwork as Network | undefined,
    supported: !networkState?.unsupportedCaipNetworkId,
    unsupportedNetworkId: networkState?.unsupportedCaipNetworkId,
    networks: networks as readonly Network[],
    pendingNetworkId: connection.pendingNetworkId,
    switchError: connection.switchError,
    switchingNamespace: connection.switchingNamespace,
  }
})
/**
 * The active network and the site's list.
 *
 * @example
 * const { network, supported } = getNetwork(portico)
 */
export const getNetwork = network.get
/** Calls `onChange(network, previous)` when the active network, its switch or the list changes; returns the unsubscribe. */
export const watchNetwork = network.watch
