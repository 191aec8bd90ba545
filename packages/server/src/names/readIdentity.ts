/**
 * An account's primary ENS name and avatar record, read on the server through a chain's universal
 * resolver with viem: the reverse record, kept only when the name is normalised (ENSIP-15) and
 * resolves forward to the same address. The avatar is the text record as written; the server
 * never fetches the image (the page checks it before showing it).
 */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import {
  type Address,
  type CcipRequestParameters,
  type Client,
  ccipRequest,
  createPublicClient,
  getAddress,
  http,
  isAddressEqual,
} from 'viem'
import * as viemChains from 'viem/chains'
import { getEnsAddress, getEnsName, getEnsText, normalize } from 'viem/ens'
import { isPublicAddress } from '../nfts/fetchPublic.js'
import type { CachedIdentity } from './identityCache.js'

const NONE: CachedIdentity = { name: null, avatar: null }

/** The universal resolver of each chain viem knows one for (`eip155:<id>` → address). */
export function viemUniversalResolvers(): Record<string, Address> {
  const resolvers: Record<string, Address> = {}
  for (const chain of Object.values(viemChains)) {
    const resolver = (chain as { contracts?: { ensUniversalResolver?: { address?: Address } } }).contracts
      ?.ensUniversalResolver?.address
    if (resolver && typeof chain.id === 'number') resolvers[`eip155:${chain.id}`] = resolver
  }
  return resolvers
}

/** A CCIP-Read gateway URL the server may call: https to a public address, unless private ones are allowed. */
export async function isGatewayAllowed(url: string, allowPrivate: boolean): Promise<boolean> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.username || parsed.password) return false
  if (allowPrivate) return parsed.protocol === 'https:' || parsed.protocol === 'http:'
  if (parsed.protocol !== 'https:') return false
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) return isPublicAddress(host)
  try {
    const addresses = await lookup(host, { all: true })
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address))
  } catch {
    return false
  }
}

export interface IdentityClientOptions {
  rpcUrl: string
  timeoutMs: number
  allowPrivateGateways: boolean
}

/**
 * A client of one chain's RPC node (the one the RPC proxy forwards to) whose CCIP-Read requests go
 * only to gateways `isGatewayAllowed` lets through: a resolver's gateway URLs are chosen by whoever
 * set the name's resolver, so they must not reach the server's own network. (A host name is
 * checked when asked; one whose DNS answer changes between the check and the call is not caught.)
 */
export function createIdentityClient(options: IdentityClientOptions): Client {
  return createPublicClient({
    transport: http(options.rpcUrl, { timeout: options.timeoutMs, retryCount: 0 }),
    ccipRead: {
      async request(parameters: CcipRequestParameters) {
        const allowed: string[] = []
        for (const url of parameters.urls) {
          if (await isGatewayAllowed(url, options.allowPrivateGateways)) allowed.push(url)
        }
        if (allowed.length === 0) {
          throw new Error(`No CCIP-Read gateway of ${parameters.sender} is one the server may call.`)
        }
        return ccipRequest({ ...parameters, urls: allowed })
      },
    },
  })
}

/**
 * Reads `address`'s checked primary name and avatar record. A resolver's refusal reads as no
 * name (viem's non-strict reads); the node or a gateway failing throws, so nothing is kept.
 * @example
 * const { name, avatar } = await readIdentity(client, universalResolver, '0x…')
 */
export async function readIdentity(
  client: Client,
  universalResolverAddress: Address,
  account: string,
): Promise<CachedIdentity> {
  const address = getAddress(account)
  const name = await getEnsName(client, { address, universalResolverAddress })
  if (!name) return NONE
  try {
    if (normalize(name) !== name) return NONE
  } catch {
    // A reverse record that is not a normalised name is no name to show.
    return NONE
  }
  const [forward, avatar] = await Promise.all([
    getEnsAddress(client, { name, universalResolverAddress }),
    getEnsText(client, { name, key: 'avatar', universalResolverAddress }),
  ])
  if (!forward || !isAddressEqual(forward, address)) return NONE
  return { name, avatar: avatar && avatar.length > 0 ? avatar : null }
}
