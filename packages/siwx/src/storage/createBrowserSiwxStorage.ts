import { type CaipNetworkId, createBrowserStorage, type SiwxSession, type Storage } from '@portico/core'
import { siwxSessionSchema } from '@portico/core/api'
import * as z from 'zod/mini'
import { SiwxVerificationError } from '../errors.js'
import { createSiwxNonce } from '../nonce.js'
import type { SiwxVerifier } from '../verifier.js'
import { verifySiwxSession } from '../verifySiwxMessage.js'
import { sameAccount } from './sameAccount.js'
import type { SiwxStorage } from './siwxStorage.js'

/** How long a nonce from `getNonce` can be used: 5 minutes. */
export const SIWX_NONCE_TTL_MS = 5 * 60 * 1000

/** The key sessions are kept under. */
export const BROWSER_SIWX_STORAGE_KEY = 'portico:v1:siwxSessions'

const storedSessionsSchema = z.array(siwxSessionSchema)

export interface CreateBrowserSiwxStorageOptions {
  /** Signatures are checked with these when a session is added and each time it is read. */
  verifiers: readonly SiwxVerifier[]
  /** `localStorage` when absent (memory where it cannot be used). */
  storage?: Storage
  /** The site's `host[:port]`; the page's when absent. */
  domain?: string
  /** The site's origin; the page's when absent. */
  origin?: string
  now?: () => number
}

/**
 * Keeps sessions in the visitor's browser, for sites without a Portico server. Nonces are made
 * here and used once; each session is verified when added and again every time it is read, and
 * one that no longer verifies (expired, tampered with) is dropped.
 *
 * @example
 * createSiwx({ storage: createBrowserSiwxStorage({ verifiers: [eip155Verifier()] }) })
 */
export function createBrowserSiwxStorage(options: CreateBrowserSiwxStorageOptions): SiwxStorage {
  const storage = options.storage ?? createBrowserStorage()
  const now = options.now ?? Date.now
  const nonces = new Map<string, number>()
  const page = globalThis.location?.host ? globalThis.location : undefined
  const expected = () => ({
    verifiers: options.verifiers,
    now: now(),
    ...((options.domain ?? page?.host) ? { domain: options.domain ?? page!.host } : {}),
    ...((options.origin ?? page?.origin) ? { origin: options.origin ?? page!.origin } : {}),
  })

  const read = (): SiwxSession[] => {
    const raw = storage.getItem(BROWSER_SIWX_STORAGE_KEY)
    if (raw === null) return []
    try {
      const parsed = storedSessionsSchema.safeParse(JSON.parse(raw))
      if (parsed.success) return parsed.data as SiwxSession[]
    } catch {}
    storage.removeItem(BROWSER_SIWX_STORAGE_KEY)
    return []
  }
  const write = (sessions: SiwxSession[]) => {
    if (sessions.length === 0) storage.removeItem(BROWSER_SIWX_STORAGE_KEY)
    else storage.setItem(BROWSER_SIWX_STORAGE_KEY, JSON.stringify(sessions))
  }
  const belongsTo = (session: SiwxSession, chainId: CaipNetworkId, accountAddress: string) =>
    session.data.chainId === chainId && sameAccount(session.data.accountAddress, accountAddress)

  return {
    async getNonce() {
      const nonce = createSiwxNonce()
      for (const [old, expiresAt] of nonces) if (expiresAt <= now()) nonces.delete(old)
      nonces.set(nonce, now() + SIWX_NONCE_TTL_MS)
      return nonce
    },
    async add(session) {
      const expiresAt = nonces.get(session.data.nonce)
      if (expiresAt === undefined || expiresAt <= now())
        throw new SiwxVerificationError(
          'NONCE_MISMATCH',
          'This sign-in message was not issued here, or its nonce expired or was used.',
        )
      await verifySiwxSession(session, { ...expected(), nonce: session.data.nonce })
      nonces.delete(session.data.nonce)
      const { chainId, accountAddress } = session.data
      write([...read().filter((kept) => !belongsTo(kept, chainId, accountAddress)), session])
    },
    async get(chainId, accountAddress) {
      const all = read()
      const valid: SiwxSession[] = []
      const dropped: SiwxSession[] = []
      for (const session of all) {
        if (!belongsTo(session, chainId, accountAddress)) continue
        try {
          await verifySiwxSession(session, expected())
          valid.push(session)
        } catch {
          dropped.push(session)
        }
      }
      if (dropped.length) write(all.filter((session) => !dropped.includes(session)))
      return valid
    },
    async delete(chainId, accountAddress) {
      write(read().filter((session) => !belongsTo(session, chainId, accountAddress)))
    },
  }
}
