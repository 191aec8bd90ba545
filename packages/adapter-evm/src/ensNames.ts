// ENS reads through the universal resolver with viem (CCIP-Read included): the connected
// account's primary name and a receiver's name. Loaded with `import()` on the first lookup
// (createNamesCapability.ts): viem's ENS actions and ENSIP-15's tables are a large download.

import { BaseError, InvalidNameError, type NameRecord, ProviderRequestError } from '@portico/core'
import { type Address, type Client, getAddress, isAddressEqual } from 'viem'
import { getEnsAddress, getEnsName, getEnsText, normalize } from 'viem/ens'

interface Lookup {
  universalResolver: Address
}

/**
 * The primary name of `address` (reverse record), kept only when the name resolves forward to the
 * same address. The universal resolver checks that too; it is checked again here so a resolver
 * deployment that does not (an older one, a site's own) cannot show someone else's name.
 */
export async function lookupEnsAddress(
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
export async function resolveEnsName(
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
