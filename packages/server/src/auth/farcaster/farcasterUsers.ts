/** The users of Farcaster logins: one user (and so one embedded wallet) per fid. */
import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.js'
import type { FarcasterProfile } from './farcasterProfile.js'

/** The social provider a Farcaster login's session and user are known by (SPEC §1, §3 socialProvider). */
export const FARCASTER_PROVIDER = 'farcaster'

export interface FarcasterUserRecord {
  id: string
  username: string | undefined
  profileImage: string | undefined
}

/**
 * Returns the user of `fid`, creating it on its first login; its profile is replaced by the one
 * the latest login carried (the name or picture may have changed). `created` says which.
 */
export async function findOrCreateFarcasterUser(
  db: Kysely<Database>,
  fid: bigint,
  profile: FarcasterProfile,
  now: number,
): Promise<{ user: FarcasterUserRecord; created: boolean }> {
  const at = new Date(now)
  const columns = {
    username: profile.username ?? null,
    display_name: profile.displayName ?? null,
    pfp_url: profile.pfpUrl ?? null,
    updated_at: at,
  }
  const found = await db
    .updateTable('auth_farcaster_users')
    .set(columns)
    .where('fid', '=', fid.toString())
    .returning('user_id')
    .executeTakeFirst()
  const record = (id: string): FarcasterUserRecord => ({
    id,
    username: profile.username,
    profileImage: profile.pfpUrl,
  })
  if (found) return { user: record(found.user_id), created: false }
  const id = randomUUID()
  await db.insertInto('auth_users').values({ id, email: null, created_at: at }).execute()
  const inserted = await db
    .insertInto('auth_farcaster_users')
    .values({ fid: fid.toString(), user_id: id, ...columns, created_at: at })
    .onConflict((conflict) => conflict.column('fid').doNothing())
    .returning('user_id')
    .executeTakeFirst()
  if (inserted) return { user: record(id), created: true }
  // Another login of the same fid created it a moment earlier: use that user, drop ours.
  await db.deleteFrom('auth_users').where('id', '=', id).execute()
  const existing = await db
    .selectFrom('auth_farcaster_users')
    .select('user_id')
    .where('fid', '=', fid.toString())
    .executeTakeFirstOrThrow()
  return { user: record(existing.user_id), created: false }
}

/** The Farcaster profile of a user, if the user is a Farcaster account. */
export async function findFarcasterProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<{ fid: string; username: string | undefined; profileImage: string | undefined } | undefined> {
  const row = await db
    .selectFrom('auth_farcaster_users')
    .select(['fid', 'username', 'pfp_url'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!row) return undefined
  return { fid: String(row.fid), username: row.username ?? undefined, profileImage: row.pfp_url ?? undefined }
}
