/**
 * The limits on outgoing mail of the e-mail login, over rolling windows and across every mail it
 * sends (codes, device links, e-mail changes):
 * - per address, `auth.maxMailsPerDay` in 24 hours: stops a slow drip that would flood an inbox;
 * - per client IP address, per device and per project, `auth.mailLimits` in `windowMs`: stops one
 *   client (or one site's visitors all together) from mailing many addresses, which the
 *   per-address limits cannot see.
 * Kept in the database so every server instance counts the same mails.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** The window the per-address cap counts over. */
export const MAIL_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000

/** Who a mail goes to and who asked for it. */
export interface MailSender {
  email: string
  clientIp: string
  /** The device of the frame that asked; none for mails no device asked for. */
  deviceId?: string | undefined
  projectId: string
}

export interface MailLimits {
  maxPerDay: number
  /** The window of the three limits below, in ms. */
  windowMs: number
  perIp: number
  perDevice: number
  perProject: number
}

/** Which limit refused a mail. */
export type MailLimit = 'address' | 'ip' | 'device' | 'project'

export type MailQuotaClaim =
  | { claimed: true; release: () => Promise<void> }
  | { claimed: false; limit: MailLimit; retryAfterMs: number }

/**
 * Takes one mail from every limit it counts against before the mail is sent, or says which limit
 * is reached and how long until a counted mail leaves its window. A claim whose mail was not sent
 * is released.
 * @example
 * const claim = await claimMail(db, { email, clientIp, deviceId, projectId }, { now, limits })
 */
export async function claimMail(
  db: Kysely<Database>,
  sender: MailSender,
  { now, limits }: { now: number; limits: MailLimits },
): Promise<MailQuotaClaim> {
  const longest = Math.max(MAIL_QUOTA_WINDOW_MS, limits.windowMs)
  // Rows that left every window count for nothing; dropping them keeps the table to a day of mail.
  await db
    .deleteFrom('auth_mail_log')
    .where('sent_at', '<=', new Date(now - longest))
    .execute()
  // Recorded first and counted after, so two instances sending at once cannot both slip under a
  // limit: each counts only the rows recorded before its own, and the later one gives way.
  const own = await db
    .insertInto('auth_mail_log')
    .values({
      email: sender.email,
      sent_at: new Date(now),
      client_ip: sender.clientIp,
      device_id: sender.deviceId ?? null,
      project_id: sender.projectId,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const release = async () => {
    await db.deleteFrom('auth_mail_log').where('id', '=', own.id).execute()
  }
  const checks: Array<{
    limit: MailLimit
    column: 'email' | 'client_ip' | 'device_id' | 'project_id'
    value: string | undefined
    max: number
    windowMs: number
  }> = [
    {
      limit: 'address',
      column: 'email',
      value: sender.email,
      max: limits.maxPerDay,
      windowMs: MAIL_QUOTA_WINDOW_MS,
    },
    {
      limit: 'device',
      column: 'device_id',
      value: sender.deviceId,
      max: limits.perDevice,
      windowMs: limits.windowMs,
    },
    {
      limit: 'ip',
      column: 'client_ip',
      value: sender.clientIp,
      max: limits.perIp,
      windowMs: limits.windowMs,
    },
    {
      limit: 'project',
      column: 'project_id',
      value: sender.projectId,
      max: limits.perProject,
      windowMs: limits.windowMs,
    },
  ]
  for (const check of checks) {
    if (check.value === undefined) continue
    const earlier = await db
      .selectFrom('auth_mail_log')
      .select('sent_at')
      .where(check.column, '=', check.value)
      .where('sent_at', '>', new Date(now - check.windowMs))
      .where('id', '<', own.id)
      .orderBy('sent_at', 'asc')
      .execute()
    if (earlier.length < check.max) continue
    await release()
    // A slot opens when as many mails have left the window as there are over the limit.
    const freeing = earlier[earlier.length - check.max]
    const leavesAt = freeing ? new Date(freeing.sent_at).getTime() + check.windowMs : now
    return { claimed: false, limit: check.limit, retryAfterMs: Math.max(leavesAt - now, 1) }
  }
  return { claimed: true, release }
}
