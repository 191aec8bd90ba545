import { snapshot } from 'valtio/vanilla'
import { memo } from '../memo.js'
import type { CaipAddress, ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { AccountState, ConnectionError, ConnectionStatus } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'

export interface AccountInfo {
  namespace: ChainNamespace | undefined
  status: ConnectionStatus
  isConnected: boolean
  /** A connection from an earlier visit is still coming back (its wallet has not answered yet). */
  isReconnecting: boolean
  address: string | undefined
  caipAddress: CaipAddress | undefined
  allAccounts: readonly string[]
  /** Exact native balance as a decimal string. */
  balance: string | undefined
  balanceSymbol: string | undefined
  balanceLoading: boolean
  addressExplorerUrl: string | undefined
  connector: AccountState['connectedWalletInfo']
  network: Network | undefined
}

/**
 * The account of the active namespace (or of `namespace`).
 *
 * @example
 * const { address, isConnected } = getAccount(portico)
 */
export function getAccount(portico: Portico, namespace?: ChainNamespace): AccountInfo {
  const modal = snapshot(portico.state.modal)
  const target = namespace ?? modal.activeChain
  const chain = target ? snapshot(portico.state.chains)[target] : undefined
  return memo(portico, `account:${target}`, [target, chain], () => {
    const account = chain?.accountState
    const status = account?.status ?? 'disconnected'
    return {
      namespace: target,
      status,
      isConnected: status === 'connected',
      isReconnecting: status === 'reconnecting',
      address: account?.address,
      caipAddress: account?.caipAddress,
      allAccounts: account?.allAccounts ?? [],
      balance: account?.balance,
      balanceSymbol: account?.balanceSymbol,
      balanceLoading: account?.balanceLoading ?? false,
      addressExplorerUrl: account?.addressExplorerUrl,
      connector: account?.connectedWalletInfo,
      network: chain?.networkState.caipNetwork as Network | undefined,
    }
  })
}
export function watchAccount(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['chains', 'modal'], parameters)
}

export interface ConnectionInfo {
  status: ConnectionStatus
  connectingConnectorId: string | undefined
  error: ConnectionError | undefined
}

/** Overall connection status and the attempt in progress or last failed. */
export function getConnection(portico: Portico): ConnectionInfo {
  const connection = snapshot(portico.state.connection)
  return memo(
    portico,
    'connection',
    [connection.status, connection.connectingConnectorId, connection.error],
    () => ({
      status: connection.status,
      connectingConnectorId: connection.connectingConnectorId,
      error: connection.error,
    }),
  )
}
export function watchConnection(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['connection'], parameters)
}
