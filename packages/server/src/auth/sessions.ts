/**
 * E-mail login sessions: a bearer token bound to a user and a project, of which only the SHA-256 is
 * stored. Changing the user's e-mail keeps them; signing out ends one.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { createBearerToken, hashBearerToken } from '../http/bearerToken.js'
import { approveDevice } from './users.js'

export interface StoredAuthSession {
  userId: string
  /** Null for a user of a social or Farcaster login that gave no verified e-mail. */
  email: string | null
  /** The provider of the social login that opened the session (`farcaster` for Farcaster), if one did. */
  socialProvider: string | undefined
  /** A Farcaster account's picture (display data from its latest login). */
  profileImage: string | undefined
  projectId: string
  expiresAt: Date
  revokedAt: Date | undefined
}

/** Stores a session for the user on a project and device under the hash of `token`. */
export async function insertAuthSession(
  db: Kysely<Database>,
  token: string,
  session: {
    userId: string
    projectId: string
    deviceId: string
    now: number
    ttlMs: number
    socialProvider?: string | undefined
  },
): Promise<void> {
  await db
    .insertInto('auth_sessions')
    .values({
      token_hash: hashBearerToken(token),
      user_id: session.userId,
      project_id: session.projectId,
      device_id: session.deviceId,
      created_at: new Date(session.now),
      expires_at: new Date(session.now + session.ttlMs),
      social_provider: session.socialProvider ?? null,
    })
    .execute()
}

/**
 * A login proved who the person is on this device (a code, a provider's consent, a Farcaster
 * signature): the device is approved for the user, and a new session opens on it. Returns its token.
 * Run inside the transaction that took the proof, so a proof opens one session.
 */
export async function openDeviceSession(
  db: Kysely<Database>,
  session: Parameters<typeof insertAuthSession>[2],
): Promise<string> {
  await approveDevice(db, session.userId, session.deviceId, session.now)
  const token = createBearerToken()
  await insertAuthSession(db, token, session)
  return token
}

/** The session of a token, whatever its state, with its user's current address. */
export async function findAuthSession(
  db: Kysely<Database>,
  token: string,
): Promise<StoredAuthSession | undefined> {
  const row = await db
    .selectFrom('auth_sessions')
    .innerJoin('auth_users', 'auth_users.id', 'auth_sessions.user_id')
    .leftJoin('auth_farcaster_users', 'auth_farcaster_users.user_id', 'auth_sessions.user_id')
    .select([
      'auth_sessions.user_id',
      'auth_users.email',
      'auth_farcaster_users.pfp_url',
      'auth_sessions.project_id',
      'auth_sessions.expires_at',
      'auth_sessions.revoked_at',
      'auth_sessions.social_provider',
    ])
    .where('auth_sessions.token_hash', '=', hashBearerToken(token))
    .executeTakeFirst()
  if (!row) return undefined
  return {
    userId: row.user_id,
    email: row.email,
    socialProvider: row.social_provider ?? undefined,
    profileImage: row.pfp_url ?? undefined,
    projectId: row.project_id,
    expiresAt: new Date(row.expires_at),
    revokedAt: row.revoked_at === null ? undefined : new Date(row.revoked_at),
  }
}

/** Marks a token's session signed out at `now`; one signed out already keeps its first time. */
export async function revokeAuthSession(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: new Date(now) })
    .where('token_hash', '=', hashBearerToken(token))
    .where('revoked_at', 'is', null)
    .execute()
}
