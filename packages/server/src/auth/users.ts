/**
 * E-mail login users and their devices. A device is a random id the frame keeps; a known user on a
 * device not seen before must approve it with a link mailed to them before a code is sent.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

export interface AuthUserRecord {
  id: string
  email: string
}

/**
 * The user with this (normalised) address, if any. Compared lower-cased: rows stored before
 * addresses were lower-cased whole, and left so by migration 007 because another user has the
 * same address in another case, are found too; the exact row first, else the oldest.
 */
export async function findUserByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<AuthUserRecord | undefined> {
  return db
    .selectFrom('auth_users')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', email)
    .orderBy(sql`email = ${email}`, 'desc')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .$narrowType<{ email: string }>()
    .executeTakeFirst()
}

/** Returns the user with this address, creating it first when there is none; `created` says which. */
export async function findOrCreateUser(
  db: Kysely<Database>,
  email: string,
  now: number,
): Promise<{ user: AuthUserRecord; created: boolean }> {
  // Looked up first: an older row may hold the address in another case, which the unique
  // constraint on the exact text would not see.
  const found = await findUserByEmail(db, email)
  if (found) return { user: found, created: false }
  const inserted = await db
    .insertInto('auth_users')
    .values({ id: randomUUID(), email, created_at: new Date(now) })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning(['id', 'email'])
    .$narrowType<{ email: string }>()
    .executeTakeFirst()
  if (inserted) return { user: inserted, created: true }
  const existing = await findUserByEmail(db, email)
  if (!existing) throw new Error(`The user ${email} vanished while logging in.`)
  return { user: existing, created: false }
}

/** Whether the user has approved this device. */
export async function isDeviceApproved(
  db: Kysely<Database>,
  userId: string,
  deviceId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_devices')
    .select('approved_at')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst()
  return row?.approved_at != null
}

/** The columns of a pending approval link, cleared once it is used, replaced by a login or cancelled. */
export const NO_PENDING_APPROVAL = {
  approval_token_hash: null,
  approval_expires_at: null,
  approval_requested_at: null,
  approval_project_id: null,
}

/** Records the device as approved (a successful login on it is approval enough). */
export async function approveDevice(
  db: Kysely<Database>,
  userId: string,
  deviceId: string,
  now: number,
): Promise<void> {
  const at = new Date(now)
  await db
    .insertInto('auth_devices')
    .values({ user_id: userId, device_id: deviceId, approved_at: at, created_at: at })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'device_id']).doUpdateSet({ approved_at: at, ...NO_PENDING_APPROVAL }),
    )
    .execute()
}

function hashApprovalToken(codeKey: Buffer, token: string): string {
  return createHmac('sha256', codeKey).update(`device-approval\n${token}`).digest('hex')
}

/**
 * Stores a fresh approval token for the device (replacing an older one) and returns it for the
 * mail's link; only its HMAC is kept.
 */
export async function requestDeviceApproval(
  db: Kysely<Database>,
  codeKey: Buffer,
  {
    userId,
    deviceId,
    projectId,
    now,
    ttlMs,
  }: { userId: string; deviceId: string; projectId: string; now: number; ttlMs: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const pending = {
    approval_token_hash: hashApprovalToken(codeKey, token),
    approval_expires_at: new Date(now + ttlMs),
    approval_requested_at: new Date(now),
    approval_project_id: projectId,
  }
  await db
    .insertInto('auth_devices')
    .values({ user_id: userId, device_id: deviceId, ...pending, created_at: new Date(now) })
    .onConflict((conflict) => conflict.columns(['user_id', 'device_id']).doUpdateSet(pending))
    .execute()
  return token
}

/** Whether an approval link for the device was mailed and has not expired nor been used. */
export async function hasPendingDeviceApproval(
  db: Kysely<Database>,
  userId: string,
  deviceId: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_devices')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('approval_token_hash', 'is not', null)
    .where('approval_expires_at', '>', new Date(now))
    .executeTakeFirst()
  return row !== undefined
}

/** What a mailed approval link is for, read without using it up. */
export type DeviceApprovalLookup =
  | {
      status: 'pending' | 'expired'
      /** The address of the account the device would be approved for. */
      email: string
      /** When the link was mailed; null for links mailed before the server recorded it. */
      requestedAt: Date | null
      /** The name of the site whose login mailed the link, while that project exists. */
      siteName: string | null
    }
  | { status: 'unknown' }

/** Looks up the device approval a link's token stands for, changing nothing (mail scanners open links). */
export async function findDeviceApproval(
  db: Kysely<Database>,
  codeKey: Buffer,
  token: string,
  now: number,
): Promise<DeviceApprovalLookup> {
  const row = await db
    .selectFrom('auth_devices')
    .innerJoin('auth_users', 'auth_users.id', 'auth_devices.user_id')
    .leftJoin('projects', 'projects.id', 'auth_devices.approval_project_id')
    .select([
      'auth_users.email',
      'auth_devices.approval_expires_at',
      'auth_devices.approval_requested_at',
      'projects.name as site_name',
    ])
    .where('auth_devices.approval_token_hash', '=', hashApprovalToken(codeKey, token))
    // Only e-mail accounts are mailed approval links.
    .$narrowType<{ email: string }>()
    .executeTakeFirst()
  if (!row) return { status: 'unknown' }
  const expiresAt = row.approval_expires_at ? new Date(row.approval_expires_at).getTime() : now
  return {
    status: expiresAt > now ? 'pending' : 'expired',
    email: row.email,
    requestedAt: row.approval_requested_at ? new Date(row.approval_requested_at) : null,
    siteName: row.site_name ?? null,
  }
}

/** Drops a pending approval token whose mail never went out. */
export async function cancelDeviceApproval(
  db: Kysely<Database>,
  codeKey: Buffer,
  token: string,
): Promise<void> {
  await db
    .updateTable('auth_devices')
    .set(NO_PENDING_APPROVAL)
    .where('approval_token_hash', '=', hashApprovalToken(codeKey, token))
    .execute()
}

/** Approves the device of a mailed link's token, once; says why when it cannot. */
export async function approveDeviceByToken(
  db: Kysely<Database>,
  codeKey: Buffer,
  token: string,
  now: number,
): Promise<'approved' | 'unknown' | 'expired'> {
  const tokenHash = hashApprovalToken(codeKey, token)
  const at = new Date(now)
  const approved = await db
    .updateTable('auth_devices')
    .set({ approved_at: at, ...NO_PENDING_APPROVAL })
    .where('approval_token_hash', '=', tokenHash)
    .where('approval_expires_at', '>', at)
    .returning('device_id')
    .executeTakeFirst()
  if (approved) return 'approved'
  const pending = await db
    .selectFrom('auth_devices')
    .select('device_id')
    .where('approval_token_hash', '=', tokenHash)
    .executeTakeFirst()
  return pending ? 'expired' : 'unknown'
}

/** Moves the user to a new address; false when another user took it meanwhile. */
export async function changeUserEmail(db: Kysely<Database>, userId: string, email: string): Promise<boolean> {
  const taken = await findUserByEmail(db, email)
  if (taken && taken.id !== userId) return false
  const result = await db.updateTable('auth_users').set({ email }).where('id', '=', userId).executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
