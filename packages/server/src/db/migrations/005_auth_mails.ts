/**
 * Safer login mails: a log of the mails each address was sent, for the daily cap, and what the
 * device-approval page shows before anyone presses its button (when the link was mailed, and for
 * which site). Plain PostgreSQL, identical on PGlite and on a PostgreSQL server. Times are written
 * by the server from its own clock, never `now()`, so every instance and test agrees on the window.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per mail rather than a counter per day: the window rolls, so each mail must leave it at
  // its own time.
  await db.schema
    .createTable('auth_mail_log')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull())
    .execute()
  // Every lookup and every clean-up is for one address, within or before the window.
  await db.schema
    .createIndex('auth_mail_log_email_sent_at')
    .on('auth_mail_log')
    .columns(['email', 'sent_at'])
    .execute()

  // Null for links mailed before this migration: the page then leaves them out.
  await db.schema.alterTable('auth_devices').addColumn('approval_requested_at', 'timestamptz').execute()
  // No foreign key to projects: removing a project must not fail on a pending link; the page then
  // names no site.
  await db.schema.alterTable('auth_devices').addColumn('approval_project_id', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_devices').dropColumn('approval_project_id').execute()
  await db.schema.alterTable('auth_devices').dropColumn('approval_requested_at').execute()
  await db.schema.dropTable('auth_mail_log').execute()
}
