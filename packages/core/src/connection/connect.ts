import type { Connector } from '../adapterKit/contract.js'
import { createCancellation } from '../cancellation.js'
import { asProviderError } from '../errors/asProviderError.js'
import {
  BaseError,
  type BaseErrorType,
  ConnectorNotFoundError,
  type ConnectorNotFoundErrorType,
  type ProviderRequestErrorType,
  ProviderTimeoutError,
  type ProviderTimeoutErrorType,
  RequestCancelledError,
  type RequestCancelledErrorType,
  UserRejectedRequestError,
  type UserRejectedRequestErrorType,
} from '../errors/base.js'
import { initialize } from '../initialize.js'
import type { CaipAddress, ChainNamespace } from '../network/types.js'
import { toUserMessage } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { ConnectionError } from '../state.js'
import { applyConnection } from './applyConnection.js'
import { cancelReconnect } from './cancelReconnect.js'
import { getSiblingConnectors } from './connectors.js'
import { findConnector } from './findConnector.js'
import { syncConnectionStatus } from './syncConnectionStatus.js'

// In a module of its own so restoring connections and the modal's frame do not load `connect`.
export { findConnector } from './findConnector.js'

export type ConnectParameters = {
  connectorId: string
  /** Picks the namespace when one wallet offers connectors in several (multi-chain wallets). */
  namespace?: ChainNamespace
}
export type ConnectReturnType = {
  connectorId: string
  namespace: ChainNamespace
  address: string
  caipAddress: CaipAddress | undefined
}
/**
 * What `connect` rejects with: the wallet is not there, the visitor declined (EIP-1193 4001), the
 * wallet did not answer in time, the attempt was cancelled or replaced by a newer one, or the
 * wallet failed otherwise (an adapter's own `BaseError`).
 */
export type ConnectErrorType =
  | ConnectorNotFoundErrorType
  | UserRejectedRequestErrorType
  | ProviderTimeoutErrorType
  | ProviderRequestErrorType
  | RequestCancelledErrorType
  | BaseErrorType

/** How a failed attempt is recorded in `connection.error`, as keys the UI translates. */
export function describeConnectError(error: unknown): ConnectionError {
  if (error instanceof UserRejectedRequestError)
    return { kind: 'rejected', message: { key: 'connectionDeclined' } }
  if (error instanceof ProviderTimeoutError) return { kind: 'timeout', message: toUserMessage(error) }
  return {
    kind: 'failed',
    message: error instanceof BaseError ? toUserMessage(error) : { key: 'connectionFailed' },
  }
}

/**
 * Asks a wallet for access. While it waits, `connection.status` is `connecting`; a failure is kept
 * in `connection.error` (as a message key) and thrown. It never moves the modal: the modal's
 * `selectWallet` does that. An attempt cancelled (`cancelConnect`, closing the modal) or replaced
 * by a newer one rejects with `RequestCancelledError` and changes nothing.
 *
 * @example
 * try {
 *   const { address } = await connect(portico, { connectorId: 'io.metamask' })
 * } catch (e) {
 *   const error = e as ConnectErrorType
 *   if (error.name === 'UserRejectedRequestError') showDeclined()
 * }
 */
export async function connect(portico: Portico, parameters: ConnectParameters): Promise<ConnectReturnType> {
  // The connector is found by the start's discovery: it runs now if the page has not been idle yet.
  void initialize(portico)
  const { state, internal } = portico
  const connector = findConnector(portico, parameters.connectorId, parameters.namespace)
  const adapter = connector && internal.adapters.get(connector.namespace)
  if (!connector || !adapter) throw new ConnectorNotFoundError(parameters.connectorId)

  // The visitor picked a wallet: a stored connection of this namespace still coming back is not wanted.
  cancelReconnect(portico, { namespaces: [connector.namespace] })
  const attempt = ++internal.connectAttempt
  internal.connectCancel?.()
  const cancellation = createCancellation()
  internal.connectCancel = cancellation.cancel
  const { connection } = state
  connection.connectingConnectorId = connector.id
  connection.error = undefined
  syncConnectionStatus(portico)
  internal.track({
    type: 'track',
    event: 'SELECT_WALLET',
    properties: { name: connector.name, platform: 'browser' },
  })

  let result: Awaited<ReturnType<typeof adapter.connect>>
  try {
    const network = state.chains[connector.namespace]?.networkState.caipNetwork
    result = await Promise.race([
      adapter.connect({ connectorId: connector.id, ...(network ? { network } : {}) }),
      cancellation.promise,
    ])
  } catch (error) {
    if (attempt !== internal.connectAttempt)
      throw error instanceof RequestCancelledError ? error : new RequestCancelledError({ cause: error })
    internal.connectCancel = undefined
    connection.error = describeConnectError(error)
    syncConnectionStatus(portico)
    internal.track({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: connection.error.message, name: connector.name },
    })
    throw asProviderError(error)
  }
  if (attempt !== internal.connectAttempt) throw new RequestCancelledError()
  internal.connectCancel = undefined
  connection.connectingConnectorId = undefined
  applyConnection(portico, connector.namespace, connector, result)
  internal.siblingConnection = connectSiblings(portico, connector)
  internal.track({
    type: 'track',
    event: 'CONNECT_SUCCESS',
    properties: { method: 'browser', name: connector.name },
  })
  const chain = state.chains[connector.namespace]
  return {
    connectorId: connector.id,
    namespace: connector.namespace,
    address: chain?.accountState.address ?? result.address,
    caipAddress: chain?.accountState.caipAddress,
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
