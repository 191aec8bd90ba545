/**
 * Social login attempts in the database. The state the provider carries is stored only as an HMAC
 * under the master key's code key; the PKCE verifier and the OIDC nonce are HMACs of the state, so
 * the table holds nothing that completes a login: the provider's code goes to the callback, and
 * the session goes to whoever shows the frame's secret.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SocialProvider } from '@portico/core/api'
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { AuthSocialAttemptsTable } from '../tables.js'

export type SocialAttempt = Selectable<AuthSocialAttemptsTable>

const keyed = (codeKey: Buffer, purpose: string, state: string) =>
  createHmac('sha256', codeKey).update(`social-${purpose}\n${state}`)

/** A fresh state: 32 random bytes, base64url (43 characters). */
export const newSocialState = (): string => randomBytes(32).toString('base64url')

export const hashSocialState = (codeKey: Buffer, state: string): string =>
  keyed(codeKey, 'state', state).digest('hex')

/** The PKCE code verifier of an attempt: 43 characters of base64url, as RFC 7636 allows. */
export const codeVerifierOf = (codeKey: Buffer, state: string): string =>
  keyed(codeKey, 'pkce', state).digest('base64url')

/** The OpenID Connect nonce of an attempt, which its id_token must carry back. */
export const nonceOf = (codeKey: Buffer, state: string): string =>
  keyed(codeKey, 'nonce', state).digest('base64url')

/** SHA-256 of the frame's secret, base64url, as the frame sends it at the start. */
export const hashSocialSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('base64url')

/** Whether `secret` is the one whose hash started the attempt (compared in constant time). */
export function isAttemptSecret(attempt: SocialAttempt, secret: string): boolean {
  return sameHash(hashSocialSecret(secret), attempt.secret_hash)
}

/** A fresh one-time proof for the browser that approved: 32 random bytes, base64url. */
export const newSocialProof = (): string => randomBytes(32).toString('base64url')

/**
 * Whether `proof` is the one the callback sent to the browser that approved (constant time). An
 * attempt with no proof stored (no successful callback yet) matches nothing.
 */
export function isAttemptProof(attempt: SocialAttempt, proof: string | undefined): boolean {
  if (proof === undefined || attempt.proof_hash === null) return false
  return sameHash(hashSocialSecret(proof), attempt.proof_hash)
}

function sameHash(given: string, stored: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(stored)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function insertSocialAttempt(
  db: Kysely<Database>,
  attempt: {
    stateHash: string
    projectId: string
    provider: SocialProvider
    deviceId: string
    secretHash: string
    redirectTo: string | undefined
    now: number
    ttlMs: number
  },
): Promise<void> {
  // Attempts a day past their expiry tell nobody anything: they go as new ones come.
  await db
    .deleteFrom('auth_social_attempts')
    .where('expires_at', '<', new Date(attempt.now - 24 * 60 * 60_000))
    .execute()
  await db
    .insertInto('auth_social_attempts')
    .values({
      state_hash: attempt.stateHash,
      project_id: attempt.projectId,
      provider: attempt.provider,
      device_id: attempt.deviceId,
      secret_hash: attempt.secretHash,
      redirect_to: attempt.redirectTo ?? null,
      status: 'pending',
      created_at: new Date(attempt.now),
      expires_at: new Date(attempt.now + attempt.ttlMs),
    })
    .execute()
}

export async function findSocialAttempt(
  db: Kysely<Database>,
  stateHash: string,
): Promise<SocialAttempt | undefined> {
  return db
    .selectFrom('auth_social_attempts')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst()
}

/** Takes the attempt's one callback; false when a callback came already (the code is exchanged once). */
export async function claimSocialCallback(
  db: Kysely<Database>,
  stateHash: string,
  now: number,
): Promise<boolean> {
  const claimed = await db
    .updateTable('auth_social_attempts')
    .set({ callback_at: new Date(now) })
    .where('state_hash', '=', stateHash)
    .where('callback_at', 'is', null)
    .where('status', '=', 'pending')
    .returning('state_hash')
    .executeTakeFirst()
  return claimed !== undefined
}

export async function completeSocialAttempt(
  db: Kysely<Database>,
  stateHash: string,
  outcome: { userId: string; created: boolean; proofHash: string } | { code: string; message: string },
): Promise<void> {
  await db
    .updateTable('auth_social_attempts')
    .set(
      'userId' in outcome
        ? {
            status: 'done',
            user_id: outcome.userId,
            user_created: outcome.created,
            proof_hash: outcome.proofHash,
          }
        : { status: 'failed', error_code: outcome.code, error_message: outcome.message },
    )
    .where('state_hash', '=', stateHash)
    .where('status', '=', 'pending')
    .execute()
}

/** Hands the attempt's user out once; false when another finish took it first. */
export async function takeSocialAttempt(
  db: Kysely<Database>,
  stateHash: string,
  now: number,
): Promise<boolean> {
  const taken = await db
    .updateTable('auth_social_attempts')
    .set({ status: 'finished', finished_at: new Date(now) })
    .where('state_hash', '=', stateHash)
    .where('status', '=', 'done')
    .returning('state_hash')
    .executeTakeFirst()
  return taken !== undefined
}
