/**
 * One-time codes: six random digits, mailed, stored only as an HMAC under a key derived from the
 * master key (a leaked table cannot be brute-forced without it), single use, expiring, and dead
 * after too many wrong entries. Only the latest code of a kind counts: asking again replaces it.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { AuthCodePurpose } from './tables.js'

/** Six digits from the platform's CSPRNG, leading zeros kept. */
export function createOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** The stored form of a code: the HMAC binds it to its purpose and address, so it is useless for anything else. */
export function hashOtp(codeKey: Buffer, purpose: AuthCodePurpose, email: string, code: string): string {
  return createHmac('sha256', codeKey).update(`${purpose}\n${email}\n${code}`).digest('hex')
}

export interface IssueCodeParameters {
  purpose: AuthCodePurpose
  email: string
  projectId: string
  deviceId?: string | undefined
  userId?: string | undefined
  newEmail?: string | undefined
  requestId?: string | undefined
  now: number
  ttlMs: number
}

/**
 * Stores a fresh code and returns it (for the mail) with its row id.
 * @example
 * const { code } = await issueCode(db, keys.codeKey, { purpose: 'login', email, projectId, deviceId, now, ttlMs })
 */
export async function issueCode(
  db: Kysely<Database>,
  codeKey: Buffer,
  parameters: IssueCodeParameters,
): Promise<{ id: string; code: string }> {
  const code = createOtp()
  const row = await db
    .insertInto('auth_codes')
    .values({
      purpose: parameters.purpose,
      email: parameters.email,
      project_id: parameters.projectId,
      device_id: parameters.deviceId ?? null,
      user_id: parameters.userId ?? null,
      new_email: parameters.newEmail ?? null,
      request_id: parameters.requestId ?? null,
      code_hash: hashOtp(codeKey, parameters.purpose, parameters.email, code),
      created_at: new Date(parameters.now),
      expires_at: new Date(parameters.now + parameters.ttlMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: String(row.id), code }
}

/** Removes codes whose mail never went out, so they cannot be guessed at. */
export async function deleteCodes(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .deleteFrom('auth_codes')
    .where('id', 'in', [...ids])
    .execute()
}

export interface StoredCode {
  id: string
  purpose: AuthCodePurpose
  email: string
  codeHash: string
  attempts: number
  expiresAt: Date
  usedAt: Date | undefined
  userId: string | undefined
  newEmail: string | undefined
  requestId: string | undefined
}

/** The latest code matching every given field, whatever its state. */
export async function findLatestCode(
  db: Kysely<Database>,
  filter: {
    purpose: AuthCodePurpose
    email?: string
    projectId?: string
    deviceId?: string
    userId?: string
    requestId?: string
  },
): Promise<StoredCode | undefined> {
  let query = db.selectFrom('auth_codes').selectAll().where('purpose', '=', filter.purpose)
  if (filter.email !== undefined) query = query.where('email', '=', filter.email)
  if (filter.projectId !== undefined) query = query.where('project_id', '=', filter.projectId)
  if (filter.deviceId !== undefined) query = query.where('device_id', '=', filter.deviceId)
  if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId)
  if (filter.requestId !== undefined) query = query.where('request_id', '=', filter.requestId)
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst()
  if (!row) return undefined
  return {
    id: String(row.id),
    purpose: row.purpose,
    email: row.email,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? undefined : new Date(row.used_at),
    userId: row.user_id ?? undefined,
    newEmail: row.new_email ?? undefined,
    requestId: row.request_id ?? undefined,
  }
}

/** Where an entered code stands. `locked` means this entry (or an earlier one) used up the tries. */
export type CodeCheck =
  | { result: 'match' }
  | { result: 'used' | 'expired' | 'locked' }
  | { result: 'wrong'; attemptsLeft: number }

/**
 * Compares an entered code with a stored one, counting a wrong entry. A match is not consumed
 * here: `consumeCode` does that, in the transaction that acts on it.
 */
export async function checkCode(
  db: Kysely<Database>,
  codeKey: Buffer,
  stored: StoredCode,
  entered: string,
  limits: { now: number; maxAttempts: number },
): Promise<CodeCheck> {
  if (stored.usedAt) return { result: 'used' }
  if (stored.attempts >= limits.maxAttempts) return { result: 'locked' }
  if (stored.expiresAt.getTime() <= limits.now) return { result: 'expired' }
  const expected = Buffer.from(stored.codeHash, 'hex')
  const actual = Buffer.from(hashOtp(codeKey, stored.purpose, stored.email, entered), 'hex')
  if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { result: 'match' }
  // Counted in one statement, so parallel guesses cannot share one attempt.
  const counted = await db
    .updateTable('auth_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', stored.id)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst()
  const attempts = counted?.attempts ?? limits.maxAttempts
  if (attempts >= limits.maxAttempts) return { result: 'locked' }
  return { result: 'wrong', attemptsLeft: limits.maxAttempts - attempts }
}

/** Marks a matching code used if it still can be; true when this call did it (one of two racing requests). */
export async function consumeCode(
  db: Kysely<Database>,
  id: string,
  limits: { now: number; maxAttempts: number },
): Promise<boolean> {
  const now = new Date(limits.now)
  const row = await db
    .updateTable('auth_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', limits.maxAttempts)
    .returning('id')
    .executeTakeFirst()
  return row !== undefined
}
