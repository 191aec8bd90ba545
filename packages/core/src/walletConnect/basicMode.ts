import type { Connector } from '../adapterKit/contract.js'
import { applyConnection } from '../connection/applyConnection.js'
import { handleAdapterEvent } from '../connection/handleAdapterEvent.js'
import { parseCaipAddress } from '../network/caip.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { WalletConnectSession } from './types.js'
import { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnectorId.js'

// In a module of its own so adapters and the stored connections' checks do not load basic mode.
export { WALLET_CONNECT_CONNECTOR_ID } from './walletConnectConnectorId.js'

/**
 * In basic mode, asks a new pairing for every namespace the site lists, on its networks. Methods
 * and events are the site's to register on its service: Portico sends no request in this mode.
 */
export function registerBasicNamespaces(portico: Portico): void {
  const service = portico.config.walletConnect
  if (!service) return
  const byNamespace = new Map<ChainNamespace, string[]>()
  for (const network of portico.state.networks)
    byNamespace.set(network.namespace, [...(byNamespace.get(network.namespace) ?? []), network.caipNetworkId])
  for (const [namespace, chains] of byNamespace)
    service.registerNamespace(namespace, { chains, methods: [], events: [] })
}

/**
 * Records the session's accounts as connections, for each namespace the site lists: the account on
 * the namespace's active network when the wallet approved it, else its first. Returns the
 * namespaces connected.
 */
export function applyBasicSession(portico: Portico, session: WalletConnectSession): ChainNamespace[] {
  const { state } = portico
  const connected: ChainNamespace[] = []
  const icon = session.peer.icons[0]
  const active = state.modal.activeChain
  const namespaces = (Object.keys(state.chains) as ChainNamespace[]).sort(
    // The active namespace last, so it stays the active one.
    (a, b) => Number(a === active) - Number(b === active),
  )
  for (const namespace of namespaces) {
    const accounts = session.accounts
      .map((account) => parseCaipAddress(account))
      .filter((parts) => parts?.namespace === namespace)
    if (accounts.length === 0) continue
    const network = state.chains[namespace]?.networkState.caipNetwork
    const chosen = accounts.find((parts) => parts?.reference === String(network?.id)) ?? accounts[0]!
    const connector: Connector = {
      id: WALLET_CONNECT_CONNECTOR_ID,
      name: session.peer.name,
      type: 'WALLET_CONNECT',
      namespace,
      installed: true,
      ...(icon ? { imageUrl: icon } : {}),
    }
    const addresses = [
      ...new Set(
        accounts.filter((parts) => parts?.reference === chosen.reference).map((parts) => parts!.address),
      ),
    ]
    applyConnection(portico, namespace, connector, {
      address: chosen.address,
      accounts: addresses,
      chainId: chosen.reference,
    })
    connected.push(namespace)
  }
  return connected
}

/**
 * In basic mode, follows what the wallet does on its side: new accounts, another network, the end
 * of the session. Returns the unsubscribe; `createPortico` registers it.
 */
export function watchBasicSession(portico: Portico): () => void {
  const service = portico.config.walletConnect
  if (!service) return () => {}
  const connectedOverSession = () =>
    (Object.keys(portico.state.chains) as ChainNamespace[]).filter(
      (namespace) => portico.state.chains[namespace]?.connectorId === WALLET_CONNECT_CONNECTOR_ID,
    )
  // Reported like an adapter's events, so the same rules apply (UnsupportedChain, send reset, …).
  return service.subscribe((event) => {
    const namespaces = connectedOverSession()
    if (event.type === 'disconnect') {
      for (const namespace of namespaces)
        handleAdapterEvent(portico, namespace, {
          type: 'disconnect',
          connectorId: WALLET_CONNECT_CONNECTOR_ID,
        })
      return
    }
    if (event.type === 'chainChanged') {
      const parts = /^([^:]+):(.+)$/.exec(event.chainId)
      const namespace = parts?.[1] as ChainNamespace | undefined
      if (namespace && namespaces.includes(namespace))
        handleAdapterEvent(portico, namespace, {
          type: 'chainChanged',
          connectorId: WALLET_CONNECT_CONNECTOR_ID,
          chainId: parts![2]!,
        })
      return
    }
    for (const namespace of namespaces) {
      const accounts = event.accounts
        .map((account) => parseCaipAddress(account))
        .filter((parts) => parts?.namespace === namespace)
        .map((parts) => parts!.address)
      handleAdapterEvent(portico, namespace, {
        type: 'accountsChanged',
        connectorId: WALLET_CONNECT_CONNECTOR_ID,
        accounts: [...new Set(accounts)],
      })
    }
  })
}
