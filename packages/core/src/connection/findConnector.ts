import type { Connector } from '../adapterKit/contract.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

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
