import { type NamesCapability, type Network, ProviderRequestError } from '@portico/core'
import { createLazyImport, withTimeout } from '@portico/core/adapter-kit'
import type { Address, Client } from 'viem'
import { isEvmAddress } from './isEvmAddress.js'

/**
 * ENS's universal resolver on mainnet and Sepolia (viem's chain definitions): where identity is
 * read by default. A network not listed here, and not in `ens.universalResolvers`, has no names.
 */
export const DEFAULT_UNIVERSAL_RESOLVERS: Readonly<Record<number, Address>> = {
  1: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
  11155111: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
}

export interface EvmNamesOptions {
  /**
   * The ENS universal resolver per chain id, merged over `DEFAULT_UNIVERSAL_RESOLVERS`: a site on
   * a chain with its own ENS deployment (a test chain) lists it here; `null` turns names off for
   * a chain.
   * @example { 31337: '0x…' }
   */
  universalResolvers?: Readonly<Record<number, Address | null>>
  /** How long one lookup (CCIP-Read gateways included) may take. Default 10 s. */
  timeoutMs?: number
}

export interface CreateNamesCapabilityOptions extends EvmNamesOptions {
  getClient(network: Network): Promise<Client>
}

// A dotted name of at most 255 characters with no empty label and no spaces: normalisation
// (ENSIP-15, with its tables) happens in the lazily loaded module.
const NAME_SHAPE = /^(?=.{3,255}$)[^\s./]+(\.[^\s./]+)+$/u

/**
 * ENS names on EVM networks, with only the shape check and the resolver table in the eager entry:
 * the lookups (viem's ENS actions and ENSIP-15's tables) load with `import()` on the first one,
 * which happens after connecting, never on a page that only shows the button.
 */
export function createNamesCapability(options: CreateNamesCapabilityOptions): NamesCapability {
  const resolvers: Record<number, Address | null> = {
    ...DEFAULT_UNIVERSAL_RESOLVERS,
    ...options.universalResolvers,
  }
  for (const [chainId, address] of Object.entries(resolvers)) {
    if (address !== null && !isEvmAddress(address))
      throw new ProviderRequestError('ens.universalResolvers holds something that is not an address.', {
        details: `${chainId}: ${String(address)}`,
      })
  }
  const timeoutMs = options.timeoutMs ?? 10_000
  const importEns = createLazyImport(() => import('./ensNames.js'))
  const resolverOf = (network: Network): Address | undefined =>
    typeof network.id === 'number' ? (resolvers[network.id] ?? undefined) : undefined
  const run = async <T>(
    network: Network,
    label: string,
    task: (ens: typeof import('./ensNames.js'), client: Client, universalResolver: Address) => Promise<T>,
  ): Promise<T> => {
    const universalResolver = resolverOf(network)
    if (!universalResolver)
      throw new ProviderRequestError('This network has no name service.', { details: network.caipNetworkId })
    let ens: typeof import('./ensNames.js')
    try {
      ens = await importEns()
    } catch (error) {
      throw new ProviderRequestError('The code that reads names could not be loaded.', {
        cause: error,
        details: String(error),
      })
    }
    const client = await options.getClient(network)
    return withTimeout(
      task(ens, client, universalResolver),
      timeoutMs,
      () =>
        new ProviderRequestError('The name service did not answer in time.', {
          details: `${label} on ${network.caipNetworkId}: waited ${timeoutMs} ms.`,
        }),
    )
  }
  return {
    supports: (network) => resolverOf(network) !== undefined,
    isName: (text) => NAME_SHAPE.test(text) && !isEvmAddress(text),
    lookupAddress: ({ address, network }) =>
      run(network, `the name of ${address}`, (ens, client, universalResolver) =>
        ens.lookupEnsAddress(client, { address, universalResolver }),
      ),
    resolveName: ({ name, network }) =>
      run(network, `resolving ${name}`, (ens, client, universalResolver) =>
        ens.resolveEnsName(client, { name, universalResolver }),
      ),
  }
}
