/**
 * Sign-in nonces: issued to one project and one page origin, short-lived, and used at most once.
 * Every time comes from the caller's clock, so the app's injected `now` decides what has expired.
 */
import { createSiwxNonce } from '@portico/siwx'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** Letters and digits, from the platform's CSPRNG: about 143 bits. */
const NONCE_LENGTH = 24

/** Nonces expired longer ago than this are deleted; until then a late request is told "expired", not "unknown". */
const KEEP_EXPIRED_MS = 60 * 60_000

/** Where a nonce stands for a sign-in on one project and origin. */
export type SiwxNonceState = 'usable' | 'unknown' | 'used' | 'expired'

export interface NonceScope {
  projectId: string
  origin: string
}

export interface IssueSiwxNonceParameters extends NonceScope {
  /** What the page said it would sign with; kept for the record only. */
  chainId?: string | undefined
  accountAddress?: string | undefined
  now: number
  ttlMs: number
}

/**
 * Stores and returns a fresh nonce for one project and origin.
 * @example
 * const { nonce, expiresAt } = await issueSiwxNonce(db, { projectId, origin, now: Date.now(), ttlMs: 300_000 })
 */
export async function issueSiwxNonce(
  db: Kysely<Database>,
  parameters: IssueSiwxNonceParameters,
): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = createSiwxNonce(NONCE_LENGTH)
  const expiresAt = new Date(parameters.now + parameters.ttlMs)
  await db
    .insertInto('siwx_nonces')
    .values({
      nonce,
      project_id: parameters.projectId,
      origin: parameters.origin,
      chain_id: parameters.chainId ?? null,
      account_address: parameters.accountAddress ?? null,
      created_at: new Date(parameters.now),
      expires_at: expiresAt,
    })
    .execute()
  return { nonce, expiresAt }
}

/** Deletes nonces that expired more than an hour before `now`; returns how many. */
export async function deleteOldSiwxNonces(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db
    .deleteFrom('siwx_nonces')
    .where('expires_at', '<', new Date(now - KEEP_EXPIRED_MS))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Whether `nonce` can still create a session for this project and origin, and if not, why. */
export async function getSiwxNonceState(
  db: Kysely<Database>,
  nonce: string,
  scope: NonceScope & { now: number },
): Promise<SiwxNonceState> {
  // A nonce issued to another project or origin is reported as unknown: its existence is not theirs to learn.
  const row = await db
    .selectFrom('siwx_nonces')
    .select(['used_at', 'expires_at'])
    .where('nonce', '=', nonce)
    .where('project_id', '=', scope.projectId)
    .where('origin', '=', scope.origin)
    .executeTakeFirst()
  if (!row) return 'unknown'
  if (row.used_at !== null) return 'used'
  if (new Date(row.expires_at).getTime() <= scope.now) return 'expired'
  return 'usable'
}

/**
 * Marks the nonce used, in one statement, if it is still usable; true when this call did it. Of
 * two requests racing with one nonce, exactly one gets true.
 */
export async function consumeSiwxNonce(
  db: Kysely<Database>,
  nonce: string,
  scope: NonceScope & { now: number },
): Promise<boolean> {
  const now = new Date(scope.now)
  const row = await db
    .updateTable('siwx_nonces')
    .set({ used_at: now })
    .where('nonce', '=', nonce)
    .where('project_id', '=', scope.projectId)
    .where('origin', '=', scope.origin)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('nonce')
    .executeTakeFirst()
  return row !== undefined
}
