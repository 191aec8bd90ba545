import type { NamesCapability } from '../adapterKit/contract.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

/**
 * The name service of the namespace's adapter, loaded on the first call (`Adapter.loadNames`) and
 * kept per adapter; undefined when the adapter has none. Rejects when the adapter's code does not
 * load (a later call tries again).
 */
export async function loadNamesCapability(
  portico: Portico,
  namespace: ChainNamespace,
): Promise<NamesCapability | undefined> {
  const adapter = portico.internal.adapters.get(namespace)
  if (!adapter?.loadNames) return undefined
  const known = portico.internal.namesCapabilities?.get(adapter)
  if (known) return known
  const names = await adapter.loadNames()
  portico.internal.namesCapabilities ??= new WeakMap()
  portico.internal.namesCapabilities.set(adapter, names)
  return names
}

/** The namespace's name service if it is loaded already; otherwise starts loading it. */
export function loadedNamesCapability(
  portico: Portico,
  namespace: ChainNamespace,
): NamesCapability | undefined {
  const adapter = portico.internal.adapters.get(namespace)
  const known = adapter && portico.internal.namesCapabilities?.get(adapter)
  if (!known && adapter?.loadNames)
    loadNamesCapability(portico, namespace).catch((error: unknown) =>
      portico.internal.logger.warn('names: the name service did not load', error),
    )
  return known
}
