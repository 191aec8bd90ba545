import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

export type CancelReconnectParameters = {
  /** The namespaces whose wait ends; all of them when absent. */
  namespaces?: readonly ChainNamespace[]
}

/**
 * Stops waiting for stored connections still coming back after a reload (status `reconnecting`):
 * the visitor picked another wallet meanwhile, so a late answer must not take its place. The
 * connections stay stored; a new connection in the same namespace replaces them.
 *
 * @example
 * cancelReconnect(portico, { namespaces: ['eip155'] })
 */
export function cancelReconnect(portico: Portico, parameters: CancelReconnectParameters = {}): void {
  const { reconnects } = portico.internal
  const namespaces = parameters.namespaces ?? [...reconnects.keys()]
  for (const namespace of namespaces) reconnects.get(namespace)?.abort()
}
