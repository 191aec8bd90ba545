// ENS reads through the universal resolver with viem (CCIP-Read included): the connected
// account's primary name and a receiver's name. Loaded with `import()` on the first lookup
// (createNamesCapability.ts): viem's ENS actions and ENSIP-15's tables are a large download.

import {
  BaseError,
  InvalidNameError,
  type NameRecord,
  type Network,
  ProviderRequestError,
} from '@portico/core'
import { withTimeout } from '@portico/core/adapter-kit'
import { type Address, type Client, getAddress, isAddressEqual } from 'viem'
import { getEnsAddress, getEnsName, getEnsText, normalize } from 'viem/ens'
import { isEvmAddress } from './isEvmAddress.js'
import type { CreateNamesCapabilityOptions } from './namesOptions.js'

interface Lookup {
  universalResolver: Address
}

/** `lookupAddress` of the names capability: the checked primary name of `address` on `network`. */
export function lookupEnsAddress(
  options: CreateNamesCapabilityOptions,
  network: Network,
  universalResolver: Address | undefined,
  address: string,
): Promise<NameRecord | undefined> {
  return run(options, network, universalResolver, `the name of ${address}`, (client, resolver) =>
    lookupAddressWith(client, { address, universalResolver: resolver }),
  )
}

/** `resolveName` of the names capability: what `name` resolves to on `network`. */
export function resolveEnsName(
  options: CreateNamesCapabilityOptions,
  network: Network,
  universalResolver: Address | undefined,
  name: string,
): Promise<NameRecord | undefined> {
  return run(options, network, universalResolver, `resolving ${name}`, (client, resolver) =>
    resolveNameWith(client, { name, universalResolver: resolver }),
  )
}

/** One lookup on `network`'s universal resolver, within the lookup timeout (10 s by default). */
async function run<T>(
  options: CreateNamesCapabilityOptions,
  network: Network,
  universalResolver: Address | undefined,
  label: string,
  task: (client: Client, universalResolver: Address) => Promise<T>,
): Promise<T> {
  if (!universalResolver)
    throw new ProviderRequestError('This network has no name service.', { details: network.caipNetworkId })
  if (!isEvmAddress(universalResolver))
    throw new ProviderRequestError('ens.universalResolvers holds something that is not an address.', {
      details: `${network.caipNetworkId}: ${String(universalResolver)}`,
    })
  const timeoutMs = options.timeoutMs ?? 10_000
  const client = await options.getClient(network)
  return withTimeout(
    task(client, universalResolver),
    timeoutMs,
    () =>
      new ProviderRequestError('The name service did not answer in time.', {
        details: `${label} on ${network.caipNetworkId}: waited ${timeoutMs} ms.`,
      }),
  )
}

/**
 * The primary name of `address` (reverse record), kept only when the name resolves forward to the
 * same address. The universal resolver checks that too; it is checked again here so a resolver
 * deployment that does not (an older one, a site's own) cannot show someone else's name.
 */
async function lookupAddressWith(
  client: Client,
  parameters: Lookup & { address: string },
): Promise<NameRecord | undefined> {
  const address = getAddress(parameters.address)
  const { universalResolver: universalResolverAddress } = parameters
  const name = await read('the primary name', () => getEnsName(client, { address, universalResolverAddress }))
  if (!name) return undefined
  let normalised: string
  try {
    normalised = normalize(name)
  } catch {
    // A reverse record that is not a normalised name is no name to show.
    return undefined
  }
  if (normalised !== name) return undefined
  const [forward, avatar] = await Promise.all([
    read('the primary name forward', () => getEnsAddress(client, { name, universalResolverAddress })),
    readAvatar(client, name, universalResolverAddress),
  ])
  if (!forward || !isAddressEqual(forward, address)) return undefined
  return { name, address, avatar }
}

/** What `text` resolves to, after ENSIP-15 normalisation; undefined when it resolves to nothing. */
async function resolveNameWith(
  client: Client,
  parameters: Lookup & { name: string },
): Promise<NameRecord | undefined> {
  let name: string
  try {
    name = normalize(parameters.name.trim())
  } catch (error) {
    throw new InvalidNameError(parameters.name, { cause: error })
  }
  if (name.split('.').some((label) => label === '')) throw new InvalidNameError(parameters.name)
  const { universalResolver: universalResolverAddress } = parameters
  const [address, avatar] = await Promise.all([
    read(`the address of ${name}`, () => getEnsAddress(client, { name, universalResolverAddress })),
    readAvatar(client, name, universalResolverAddress),
  ])
  if (!address) return undefined
  return { name, address: getAddress(address), avatar }
}

async function readAvatar(client: Client, name: string, universalResolverAddress: Address) {
  try {
    const avatar = await getEnsText(client, { name, key: 'avatar', universalResolverAddress })
    return avatar && avatar.length > 0 ? avatar : undefined
  } catch {
    // A name without a readable avatar is shown with the generated one.
    return undefined
  }
}

async function read<T>(what: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task()
  } catch (error) {
    if (error instanceof BaseError) throw error
    throw new ProviderRequestError('Could not read the name service.', {
      cause: error,
      details: `${what}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    })
  }
}
