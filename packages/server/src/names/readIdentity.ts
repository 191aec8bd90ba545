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
  createPublicClient,
  getAddress,
  type Hex,
  http,
  isAddressEqual,
  isHex,
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
        return askGateways({ ...parameters, urls: allowed }, options.timeoutMs)
      },
    },
  })
}

/** The body as text, or undefined (and the rest left unread) once it passes `maxBytes`. */
async function readAtMost(response: Response, maxBytes: number): Promise<string | undefined> {
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A gateway's answer is at most this long: a resolver's record, not a download. */
const GATEWAY_ANSWER_MAX_BYTES = 64 * 1024

/**
 * EIP-3668's request to each gateway in turn (GET when the URL carries `{data}`, else a JSON POST),
 * the first hex answer winning. Written here rather than viem's `ccipRequest` because that follows
 * redirects: a gateway that passed `isGatewayAllowed` could send the server on to an address of its
 * own network. A redirect, a non-2xx status, an oversized or non-hex answer moves to the next URL.
 */
export async function askGateways(
  { data, sender, urls }: Pick<CcipRequestParameters, 'data' | 'sender' | 'urls'>,
  timeoutMs: number,
): Promise<Hex> {
  let failure = 'no gateway answered'
  for (const url of urls) {
    const target = url.replace('{sender}', sender.toLowerCase()).replace('{data}', data)
    const get = url.includes('{data}')
    try {
      const response = await fetch(target, {
        method: get ? 'GET' : 'POST',
        ...(get
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data, sender }) }),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel()
        failure = `${new URL(target).host} answered ${response.status}`
        continue
      }
      const text = await readAtMost(response, GATEWAY_ANSWER_MAX_BYTES)
      if (text === undefined) {
        failure = `${new URL(target).host} answered too much`
        continue
      }
      let answer: unknown = text
      if (response.headers.get('content-type')?.startsWith('application/json')) {
        answer = (JSON.parse(text) as { data?: unknown }).data
      }
      if (typeof answer === 'string' && isHex(answer)) return answer
      failure = `${new URL(target).host} answered no hex data`
    } catch (error) {
      failure = `${new URL(target).host} failed: ${error instanceof Error ? error.name : 'error'}`
    }
  }
  throw new Error(`No CCIP-Read gateway of ${sender} answered: ${failure}.`)
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
