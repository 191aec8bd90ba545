import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import type { StorageValue } from '../storage/keys.js'

/**
 * Stores the connections that remain (SPEC §3 `connections` and `connectedNamespaces`), or removes
 * both keys when none does, so the two never disagree.
 */
export function writeStoredConnections(portico: Portico, connections: StorageValue<'connections'>): void {
  const { storage } = portico.internal
  if (Object.keys(connections).length > 0) {
    storage.set('connections', connections)
    storage.set('connectedNamespaces', Object.keys(connections) as ChainNamespace[])
  } else {
    storage.remove('connections')
    storage.remove('connectedNamespaces')
  }
}
