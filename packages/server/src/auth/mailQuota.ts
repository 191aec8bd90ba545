/**
 * The daily cap of mails per address (`auth.maxMailsPerDay`), over a rolling 24 hours and across
 * every mail of the e-mail login: codes, device links and e-mail changes. The cool-down stops a
 * burst; this stops a slow drip that would still flood an inbox, or spend the server's sending
 * reputation on one address. Kept in the database so every server instance counts the same mails.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

/** The window the cap counts over. */
export const MAIL_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000

export type MailQuotaClaim =
  | { claimed: true; release: () => Promise<void> }
  | { claimed: false; retryAfterMs: number }

/**
 * Takes one of the address's mails of the last 24 hours before a mail is sent, or says how long
 * until the oldest counted one leaves the window. A claim whose mail was not sent is released.
 * @example
 * const claim = await claimDailyMail(db, email, { now, maxPerDay: 20 })
 */
export async function claimDailyMail(
  db: Kysely<Database>,
  email: string,
  { now, maxPerDay }: { now: number; maxPerDay: number },
): Promise<MailQuotaClaim> {
  const windowStart = new Date(now - MAIL_QUOTA_WINDOW_MS)
  // Rows that left the window count for nothing; dropping them keeps the table to a day of mail.
  await db
    .deleteFrom('auth_mail_log')
    .where('email', '=', email)
    .where('sent_at', '<=', windowStart)
    .execute()
  // Recorded first and counted after, so two instances sending at once cannot both slip under the
  // cap: each counts only the rows recorded before its own, and the later one gives way.
  const own = await db
    .insertInto('auth_mail_log')
    .values({ email, sent_at: new Date(now) })
    .returning('id')
    .executeTakeFirstOrThrow()
  const earlier = await db
    .selectFrom('auth_mail_log')
    .select('sent_at')
    .where('email', '=', email)
    .where('sent_at', '>', windowStart)
    .where('id', '<', own.id)
    .orderBy('sent_at', 'asc')
    .execute()
  const release = async () => {
    await db.deleteFrom('auth_mail_log').where('id', '=', own.id).execute()
  }
  if (earlier.length < maxPerDay) return { claimed: true, release }
  await release()
  // A slot opens when as many mails have left the window as there are over the cap.
  const freeing = earlier[earlier.length - maxPerDay]
  const leavesAt = freeing ? new Date(freeing.sent_at).getTime() + MAIL_QUOTA_WINDOW_MS : now
  return { claimed: false, retryAfterMs: Math.max(leavesAt - now, 1) }
}
