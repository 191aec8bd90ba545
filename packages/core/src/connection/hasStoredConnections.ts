import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

/** Whether the last visit left a connection `restoreConnections` would try to bring back. */
export function hasStoredConnections(portico: Portico): boolean {
  const connections = portico.internal.storage.get('connections') ?? {}
  return (Object.keys(connections) as ChainNamespace[]).some(
    (namespace) => portico.state.chains[namespace] !== undefined && connections[namespace] !== undefined,
  )
}
