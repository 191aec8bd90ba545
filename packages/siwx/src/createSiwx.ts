import type { SiwxConfig, SiwxMessageData } from '@portico/core'
import { SiwxMessageError } from './errors.js'
import { createSiwxMessage } from './message.js'
import { createSiwxNonce } from './nonce.js'
import type { SiwxStorage } from './storage/siwxStorage.js'

/** How long a message is valid when `expiresInMs` is not given: 7 days. */
export const SIWX_DEFAULT_EXPIRATION_MS = 7 * 24 * 60 * 60 * 1000

export interface CreateSiwxOptions {
  /** Where sessions are verified and kept. */
  storage: SiwxStorage
  /** The modal cannot be closed without a session, and cancelling disconnects. Default false. */
  required?: boolean
  /** Sign out when the visitor disconnects. Default true. */
  signOutOnDisconnect?: boolean
  /** The sentence shown in the wallet. */
  statement?: string
  /** How long a session lasts from signing; 7 days when absent. `null` writes no expiration time. */
  expiresInMs?: number | null
  resources?: string[]
  /** The site's `host[:port]`; the page's when absent. */
  domain?: string
  /** The URI signed in to; the page's address (without its fragment) when absent. */
  uri?: string
  /** A request id to write into each message. */
  requestId?: () => string
  /** The clock; tests move it. */
  now?: () => Date
}

/** The `domain` and `uri` of the page, for messages written in a browser. */
function pageLocation(): { domain: string; uri: string } | undefined {
  const location = globalThis.location
  if (!location?.host) return undefined
  return { domain: location.host, uri: location.href.split('#')[0]! }
}

/**
 * Sign-in with a wallet for `createPortico({ siwx })`: writes CAIP-122 messages and keeps
 * sessions in `storage`.
 *
 * @example
 * const portico = createPortico({
 *   networks, adapters,
 *   siwx: createSiwx({ storage: createServerSiwxStorage({ apiUrl, projectId }), required: true }),
 * })
 */
export function createSiwx(options: CreateSiwxOptions): SiwxConfig {
  const { storage } = options
  const now = options.now ?? (() => new Date())
  return {
    required: options.required ?? false,
    signOutOnDisconnect: options.signOutOnDisconnect ?? true,
    async createMessage({ chainId, accountAddress }) {
      const page = pageLocation()
      const domain = options.domain ?? page?.domain
      const uri = options.uri ?? page?.uri
      if (!domain || !uri)
        throw new SiwxMessageError('createSiwx needs `domain` and `uri` outside a browser page.')
      const nonce = storage.getNonce ? await storage.getNonce({ chainId, accountAddress }) : createSiwxNonce()
      const issued = now()
      const expiresInMs = options.expiresInMs === undefined ? SIWX_DEFAULT_EXPIRATION_MS : options.expiresInMs
      const data: SiwxMessageData = {
        domain,
        accountAddress,
        uri,
        version: '1',
        chainId,
        nonce,
        issuedAt: issued.toISOString(),
      }
      if (options.statement !== undefined) data.statement = options.statement
      if (expiresInMs !== null) data.expirationTime = new Date(issued.getTime() + expiresInMs).toISOString()
      if (options.requestId) data.requestId = options.requestId()
      if (options.resources?.length) data.resources = [...options.resources]
      return { data, message: createSiwxMessage(data) }
    },
    addSession: (session) => storage.add(session),
    getSessions: (chainId, accountAddress) => storage.get(chainId, accountAddress),
    revokeSession: (chainId, accountAddress) => storage.delete(chainId, accountAddress),
  }
}
