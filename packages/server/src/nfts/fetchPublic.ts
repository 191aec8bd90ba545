/**
 * Fetches a URL that a token contract chose, which makes it attacker-controlled: the server must
 * not become a way to reach its own network (SSRF). Every connection, redirects included, goes to
 * a public address only: host names are resolved by our own `lookup`, which refuses loopback,
 * private, link-local, shared, multicast and reserved ranges, and the socket connects to exactly
 * the address that was checked (no second resolution a rebinding DNS server could answer
 * differently). Answers are cut at a size and a time limit.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { BaseError } from '@portico/core/errors'

/** The URL or its answer was refused; `permanent` when the token's own data is at fault. */
export class MetadataFetchError extends BaseError {
  override name = 'MetadataFetchError' as const
  constructor(
    message: string,
    /** True when asking again cannot help (a private target, a bad or oversized answer); false for a timeout or a network failure. */
    readonly permanent: boolean,
  ) {
    super(message)
  }
}
export type MetadataFetchErrorType = MetadataFetchError & { name: 'MetadataFetchError' }

const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** Whether `address` (an IP literal) is one the public internet routes to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return isPublicAddress(mapped[1])
  // ::ffff:7f00:1 (an IPv4-mapped address written in hex) is caught by the ::ffff:0:0/96 check below.
  if (/^::ffff:/i.test(address)) return false
  return !blocked.check(address, 'ipv6')
}

export interface FetchPublicOptions {
  timeoutMs: number
  maxBytes: number
  /** Tests and local stacks: allow non-public addresses and plain http. */
  allowPrivate: boolean
  /** Redirects followed, each checked like the first URL. */
  maxRedirects?: number
}

export interface FetchedBody {
  body: Buffer
  contentType: string
}

/** Resolves like `dns.lookup`, then refuses the answer unless every address is public. */
function publicLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0)
      const list = addresses as LookupAddress[]
      const refused = allowPrivate ? undefined : list.find((entry) => !isPublicAddress(entry.address))
      if (refused || list.length === 0) {
        const failure = Object.assign(
          new Error(
            `${hostname} resolves to ${refused?.address ?? 'nothing'}, which is not a public address`,
          ),
          { code: 'PORTICO_PRIVATE_ADDRESS' },
        )
        return callback(failure, '', 0)
      }
      if ((options as { all?: boolean }).all) return callback(null, list as never)
      const first = list[0] as LookupAddress
      callback(null, first.address, first.family)
    })
  }
}

/**
 * GETs `url` (https, or http when `allowPrivate`), following at most `maxRedirects` redirects,
 * each to a public address. Throws `MetadataFetchError`.
 * @example
 * const { body } = await fetchPublic('https://example.com/1.json', { timeoutMs: 5000, maxBytes: 65536, allowPrivate: false })
 */
export async function fetchPublic(url: string, options: FetchPublicOptions): Promise<FetchedBody> {
  const deadline = Date.now() + options.timeoutMs
  let current = url
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const answer = await fetchOnce(current, options, deadline)
    if ('redirect' in answer) {
      current = answer.redirect
      continue
    }
    return answer
  }
  throw new MetadataFetchError(`${url} redirects more than ${options.maxRedirects ?? 3} times.`, true)
}

function fetchOnce(
  url: string,
  options: FetchPublicOptions,
  deadline: number,
): Promise<FetchedBody | { redirect: string }> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return Promise.reject(new MetadataFetchError(`"${url.slice(0, 100)}" is not a URL.`, true))
  }
  const secure = parsed.protocol === 'https:'
  if (!secure && !(parsed.protocol === 'http:' && options.allowPrivate)) {
    return Promise.reject(
      new MetadataFetchError(`${parsed.protocol} URLs are not fetched; only https is.`, true),
    )
  }
  if (parsed.username || parsed.password) {
    return Promise.reject(new MetadataFetchError('URLs with credentials are not fetched.', true))
  }
  // An IP literal skips `lookup`, so it is checked here.
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !options.allowPrivate && !isPublicAddress(host)) {
    return Promise.reject(new MetadataFetchError(`${host} is not a public address.`, true))
  }
  const remaining = deadline - Date.now()
  if (remaining <= 0) return Promise.reject(new MetadataFetchError(`${url} took too long.`, false))

  return new Promise((resolve, reject) => {
    const request = (secure ? httpsRequest : httpRequest)(
      parsed,
      {
        method: 'GET',
        lookup: publicLookup(options.allowPrivate),
        headers: { accept: 'application/json, */*;q=0.5', 'user-agent': 'portico-server' },
        // No keep-alive agent: each connection is made (and its address checked) for this request.
        agent: false,
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume()
          clearTimeout(timer)
          let next: string
          try {
            next = new URL(response.headers.location, parsed).toString()
          } catch {
            reject(new MetadataFetchError(`${url} redirects to an invalid URL.`, true))
            return
          }
          resolve({ redirect: next })
          return
        }
        if (status < 200 || status >= 300) {
          response.resume()
          clearTimeout(timer)
          // A 4xx is the token's fault; a 5xx may pass.
          reject(new MetadataFetchError(`${url} answered ${status}.`, status < 500))
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          request.destroy()
          clearTimeout(timer)
          reject(new MetadataFetchError(`${url} is larger than ${options.maxBytes} bytes.`, true))
          return
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes) {
            request.destroy()
            clearTimeout(timer)
            reject(new MetadataFetchError(`${url} is larger than ${options.maxBytes} bytes.`, true))
            return
          }
          chunks.push(chunk)
        })
        response.on('end', () => {
          clearTimeout(timer)
          resolve({
            body: Buffer.concat(chunks),
            contentType: String(response.headers['content-type'] ?? ''),
          })
        })
        response.on('error', (error) => {
          clearTimeout(timer)
          reject(new MetadataFetchError(`${url} failed: ${error.message}`, false))
        })
      },
    )
    const timer = setTimeout(() => {
      request.destroy()
      reject(new MetadataFetchError(`${url} took longer than ${options.timeoutMs} ms.`, false))
    }, remaining)
    request.on('error', (error: Error & { code?: string }) => {
      clearTimeout(timer)
      const privateTarget = error.code === 'PORTICO_PRIVATE_ADDRESS'
      reject(new MetadataFetchError(`${url} failed: ${error.message}`, privateTarget))
    })
    request.end()
  })
}
