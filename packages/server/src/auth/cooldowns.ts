/**
 * The cool-down between mails a person asks for, per address (SPEC §5, §9: 30 s), kept in the
 * database so every server instance enforces it. A claim is taken before sending and given back
 * if the mail does not go out, so a failed send does not make the person wait.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export type CooldownClaim =
  | { claimed: true; release: () => Promise<void> }
  | { claimed: false; retryAfterMs: number }

/**
 * Claims the address's cool-down at `now`, or says how long is left of the running one.
 * @example
 * const claim = await claimEmailCooldown(db, email, { now, cooldownMs: 30_000 })
 */
export async function claimEmailCooldown(
  db: Kysely<Database>,
  email: string,
  { now, cooldownMs }: { now: number; cooldownMs: number },
): Promise<CooldownClaim> {
  const sentAt = new Date(now)
  const previous = await db
    .selectFrom('auth_email_cooldowns')
    .select('last_sent_at')
    .where('email', '=', email)
    .executeTakeFirst()
  const claimed = await db
    .insertInto('auth_email_cooldowns')
    .values({ email, last_sent_at: sentAt })
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet({ last_sent_at: sentAt })
        // Only when the running cool-down is over: of two racing requests, one wins.
        .where('auth_email_cooldowns.last_sent_at', '<=', new Date(now - cooldownMs)),
    )
    .returning('email')
    .executeTakeFirst()
  if (!claimed) {
    const row = await db
      .selectFrom('auth_email_cooldowns')
      .select('last_sent_at')
      .where('email', '=', email)
      .executeTakeFirst()
    const last = row ? new Date(row.last_sent_at).getTime() : now
    return { claimed: false, retryAfterMs: Math.max(last + cooldownMs - now, 1) }
  }
  return {
    claimed: true,
    release: async () => {
      // Only the claim's own time is undone: a later claim by another request stays.
      if (previous) {
        await db
          .updateTable('auth_email_cooldowns')
          .set({ last_sent_at: new Date(previous.last_sent_at) })
          .where('email', '=', email)
          .where('last_sent_at', '=', sentAt)
          .execute()
      } else {
        await db
          .deleteFrom('auth_email_cooldowns')
          .where('email', '=', email)
          .where('last_sent_at', '=', sentAt)
          .execute()
      }
    },
  }
}
