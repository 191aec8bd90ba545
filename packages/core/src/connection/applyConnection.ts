import type { Connector, ConnectResult } from '../adapterKit/contract.js'
import { refreshAccountAssets } from '../balances/refreshAccountAssets.js'
import { refreshBalance } from '../balances/refreshBalance.js'
import { setWalletNetwork } from '../network/setWalletNetwork.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

/** SPEC §9: at most 2 recent wallets are kept. */
export const MAX_RECENT_WALLETS = 2

/**
 * Records a wallet connection in state and storage. Used by connect and reconnect. The namespace
 * becomes the active one unless `activate` is false (the other namespaces of a multi-chain wallet).
 */
export function applyConnection(
  portico: Portico,
  namespace: ChainNamespace,
  connector: Connector,
  result: ConnectResult,
  { activate = true }: { activate?: boolean } = {},
): void {
  const { state, internal } = portico
  const chain = state.chains[namespace]
  if (!chain) return
  chain.connectorId = connector.id
  const account = chain.accountState
  account.status = 'connected'
  account.address = result.address
  account.allAccounts = [...result.accounts]
  account.connectedWalletInfo = {
    id: connector.id,
    name: connector.name,
    type: connector.type,
    ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
    ...(connector.rdns ? { rdns: connector.rdns } : {}),
  }
  account.caipAddress = undefined
  if (activate) state.modal.activeChain = namespace
  setWalletNetwork(portico, namespace, result.chainId)

  const connections = {
    ...internal.storage.get('connections'),
    [namespace]: { connectorId: connector.id, name: connector.name, type: connector.type },
  }
  internal.storage.set('connections', connections)
  internal.storage.set('connectedNamespaces', Object.keys(connections) as ChainNamespace[])
  if (activate) internal.storage.set('activeNamespace', namespace)
  const recent = [
    {
      id: connector.id,
      name: connector.name,
      namespace,
      ...(connector.imageUrl ? { imageUrl: connector.imageUrl } : {}),
    },
    ...state.connectors.recent.filter((wallet) => wallet.id !== connector.id),
  ].slice(0, MAX_RECENT_WALLETS)
  state.connectors.recent = recent
  internal.storage.set('recentWallets', recent)
  syncConnectionStatus(portico)
  void refreshBalance(portico, { namespace })
  refreshAccountAssets(portico, { namespace })
}
