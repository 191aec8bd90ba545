import { refreshAccountAssets } from '../balances/refreshAccountAssets.js'
import { createAccountState } from '../network/createChainState.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { reportDomainEvent } from '../reportDomainEvent.js'
import { resetSend } from '../send/resetSend.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'
import { writeStoredConnections } from './writeStoredConnections.js'

/**
 * Forgets a namespace's connection in state and storage, without talking to the wallet. When no
 * namespace stays connected the modal layer resets to Connect and closes (unless embedded).
 */
export function clearConnection(portico: Portico, namespace: ChainNamespace): void {
  const { state, internal } = portico
  const chain = state.chains[namespace]
  if (!chain) return
  const preferred = chain.accountState.preferredAccountType
  chain.accountState = { ...createAccountState(namespace), preferredAccountType: preferred }
  chain.connectorId = undefined
  chain.networkState.unsupportedCaipNetworkId = undefined
  internal.balanceRequest[namespace] = (internal.balanceRequest[namespace] ?? 0) + 1
  // An amount or receiver typed for this account must not carry over to the next one.
  resetSend(portico)
  delete internal.tokenBalanceOwner[namespace]
  internal.tokenBalanceFetching.delete(namespace)

  const connections = { ...internal.storage.get('connections') }
  delete connections[namespace]
  writeStoredConnections(portico, connections)
  syncConnectionStatus(portico)
  // Empties the activity list of the account that left.
  refreshAccountAssets(portico, { namespace })
  if (state.connection.status === 'disconnected') reportDomainEvent(portico, { type: 'allDisconnected' })
}
