import type { NamesCapability, Network } from '@portico/core'
import { createLazyImport } from '@portico/core/adapter-kit'
import type { Address } from 'viem'
import { isEvmAddress } from './isEvmAddress.js'
import type { CreateNamesCapabilityOptions } from './namesOptions.js'
import { DEFAULT_UNIVERSAL_RESOLVERS } from './universalResolvers.js'

// A dotted name of at most 255 characters with no empty label and no spaces: normalisation
// (ENSIP-15, with its tables) happens in the lazily loaded module.
const NAME_SHAPE = /^(?=.{3,255}$)[^\s./]+(\.[^\s./]+)+$/u

/**
 * ENS names on EVM networks, with only the shape check and the resolver table in the eager entry:
 * the lookups (viem's ENS actions and ENSIP-15's tables, `ensNames.ts`) load with `import()` on
 * the first one, which happens after connecting, never on a page that only shows the button.
 */
export function createNamesCapability(options: CreateNamesCapabilityOptions): NamesCapability {
  const resolvers: Record<number, Address | null> = {
    ...DEFAULT_UNIVERSAL_RESOLVERS,
    ...options.universalResolvers,
  }
  const load = createLazyImport(() => import('./ensNames.js'))
  const resolverOf = (network: Network) =>
    typeof network.id === 'number' ? (resolvers[network.id] ?? undefined) : undefined
  return {
    supports: (network) => resolverOf(network) !== undefined,
    isName: (text) => NAME_SHAPE.test(text) && !isEvmAddress(text),
    lookupAddress: async ({ address, network }) =>
      (await load()).lookupEnsAddress(options, network, resolverOf(network), address),
    resolveName: async ({ name, network }) =>
      (await load()).resolveEnsName(options, network, resolverOf(network), name),
  }
}
