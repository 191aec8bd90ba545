import { ConnectorNotFoundError, NotConnectedError } from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'

/** What an adapter keeps per connected wallet; `unsubscribe` drops its event listeners. */
export interface ConnectionEntry {
  unsubscribe: () => void
}

/**
 * The adapter's connected wallets by connector id, with the errors core expects: a wallet it does
 * not know is `ConnectorNotFoundError`, a request for one that is not connected `NotConnectedError`.
 */
export interface Connections<T extends ConnectionEntry> {
  get(connectorId: string): T | undefined
  /** The connection, or `NotConnectedError` for the namespace. */
  require(connectorId: string): T
  /** Stores a connection, dropping the listeners of the one it replaces. */
  set(connectorId: string, connection: T): void
  /** Drops the connection and its listeners; nothing when there is none. */
  forget(connectorId: string): void
  /** Drops every connection (the adapter's `destroy`). */
  clear(): void
  ids(): string[]
}

export function createConnections<T extends ConnectionEntry>(namespace: ChainNamespace): Connections<T> {
  const connections = new Map<string, T>()
  const forget = (connectorId: string) => {
    connections.get(connectorId)?.unsubscribe()
    connections.delete(connectorId)
  }
  return {
    get: (connectorId) => connections.get(connectorId),
    require(connectorId) {
      const connection = connections.get(connectorId)
      if (!connection) throw new NotConnectedError(namespace)
      return connection
    },
    set(connectorId, connection) {
      const previous = connections.get(connectorId)
      if (previous && previous !== connection) previous.unsubscribe()
      connections.set(connectorId, connection)
    },
    forget,
    clear() {
      for (const connectorId of [...connections.keys()]) forget(connectorId)
    },
    ids: () => [...connections.keys()],
  }
}

/** The wallet object of a connector, from its connection or else from discovery; else `ConnectorNotFoundError`. */
export function findWallet<W>(
  connectorId: string,
  ...sources: Array<(connectorId: string) => W | undefined>
): W {
  for (const source of sources) {
    const wallet = source(connectorId)
    if (wallet !== undefined) return wallet
  }
  throw new ConnectorNotFoundError(connectorId)
}
