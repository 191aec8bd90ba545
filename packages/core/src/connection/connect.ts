import type { Connector } from '../adapterKit/contract.js'
import {
  BaseError,
  ConnectorNotFoundError,
  ProviderTimeoutError,
  UserRejectedRequestError,
} from '../errors/base.js'
import { checkUnsupportedChain } from '../network/checkUnsupportedChain.js'
import type { ChainNamespace } from '../network/types.js'
import { toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { ConnectionError } from '../state.js'
import { applyConnection } from './applyConnection.js'
import { cancelReconnect } from './cancelReconnect.js'
import { getSiblingConnectors } from './connectors.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

export type ConnectParameters = {
  connectorId: string
  /** Picks the namespace when one wallet offers connectors in several (multi-chain wallets). */
  namespace?: ChainNamespace
}
export type ConnectReturnType = { connected: boolean }
export type ConnectErrorType = ConnectorNotFoundError

/** Finds a discovered connector by id across namespaces. */
export function findConnector(
  portico: Portico,
  connectorId: string,
  namespace?: ChainNamespace,
): Connector | undefined {
  for (const [candidate, list] of Object.entries(portico.state.connectors.byNamespace)) {
    if (namespace && candidate !== namespace) continue
    for (const connector of list ?? []) if (connector.id === connectorId) return connector
  }
  return undefined
}

function describe(error: unknown): ConnectionError {
  if (error instanceof UserRejectedRequestError)
    return { kind: 'rejected', message: { key: 'connectionDeclined' } }
  if (error instanceof ProviderTimeoutError) return { kind: 'timeout', message: toUserMessage(error) }
  return {
    kind: 'failed',
    message: error instanceof BaseError ? toUserMessage(error) : { key: 'connectionFailed' },
  }
}

/**
 * Asks a wallet for access and shows the connecting view while waiting. On success the modal
 * moves to Account (or UnsupportedChain); on failure the view offers a retry. An attempt that
 * was cancelled (back, close, retry) is ignored when it settles.
 *
 * @example
 * await connect(portico, { connectorId: 'io.metamask' })
 */
export async function connect(portico: Portico, parameters: ConnectParameters): Promise<ConnectReturnType> {
  const { state, internal } = portico
  const connector = findConnector(portico, parameters.connectorId, parameters.namespace)
  const adapter = connector && internal.adapters.get(connector.namespace)
  if (!connector || !adapter) throw new ConnectorNotFoundError(parameters.connectorId)

  // The visitor picked a wallet: a stored connection of this namespace still coming back is not wanted.
  cancelReconnect(portico, { namespaces: [connector.namespace] })
  const attempt = ++internal.connectAttempt
  const { router, connection } = state
  if (router.route.view !== 'ConnectingExternal' || router.route.params.connectorId !== connector.id) {
    router.history.push(router.route)
    router.route = {
      view: 'ConnectingExternal',
      params: { connectorId: connector.id, namespace: connector.namespace },
    }
  }
  connection.connectingConnectorId = connector.id
  connection.error = undefined
  syncConnectionStatus(portico)
  internal.track({
    type: 'track',
    event: 'SELECT_WALLET',
    properties: { name: connector.name, platform: 'browser' },
  })

  try {
    const network = state.chains[connector.namespace]?.networkState.caipNetwork
    const result = await adapter.connect({ connectorId: connector.id, ...(network ? { network } : {}) })
    if (attempt !== internal.connectAttempt) return { connected: false }
    connection.connectingConnectorId = undefined
    applyConnection(portico, connector.namespace, connector, result)
    if (!checkUnsupportedChain(portico, connector.namespace)) {
      router.route = { view: 'Account' }
      router.history = []
    }
    internal.siblingConnection = connectSiblings(portico, connector)
    internal.track({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { method: 'browser', name: connector.name },
    })
    return { connected: true }
  } catch (error) {
    if (attempt !== internal.connectAttempt) return { connected: false }
    connection.error = describe(error)
    syncConnectionStatus(portico)
    internal.logger.warn(`connect: ${connector.name} failed`, error)
    internal.track({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: connection.error.message, name: connector.name },
    })
    return { connected: false }
  }
}

/**
 * A wallet present in several namespaces (MULTI_CHAIN) connects in each: after the one the visitor
 * picked, its connectors in the other namespaces that are not connected yet, in the background.
 * A refusal or failure there leaves that namespace out and is logged; the picked one stays.
 */
async function connectSiblings(portico: Portico, connector: Connector): Promise<void> {
  const { state, internal } = portico
  const stillConnected = () => state.chains[connector.namespace]?.connectorId === connector.id
  for (const sibling of getSiblingConnectors(portico, connector)) {
    const chain = state.chains[sibling.namespace]
    const adapter = internal.adapters.get(sibling.namespace)
    if (!chain || !adapter || chain.accountState.status === 'connected') continue
    try {
      const network = chain.networkState.caipNetwork
      const result = await adapter.connect({ connectorId: sibling.id, ...(network ? { network } : {}) })
      // The visitor may have left, or connected that namespace otherwise, while the wallet answered.
      if (!stillConnected() || (chain.accountState.status as string) === 'connected') continue
      applyConnection(portico, sibling.namespace, sibling, result, { activate: false })
    } catch (error) {
      internal.logger.warn(`connect: ${sibling.name} did not connect on ${sibling.namespace}`, error)
    }
  }
}
