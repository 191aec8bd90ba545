/**
 * Rate-limit counters shared by every server instance on one PostgreSQL: one row per key and fixed
 * window, counted up in one statement. Plain PostgreSQL, identical on PGlite and on a PostgreSQL
 * server (PGlite's single process counts in memory instead; the table stays empty there).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    // `<limiter>:<key>:<window start in ms>`, so a new window is a new row and no reset races.
    .addColumn('bucket', 'text', (column) => column.primaryKey())
    .addColumn('count', 'integer', (column) => column.notNull())
    // When the window ends, in ms since the epoch on the servers' clock; old rows are swept by it.
    .addColumn('reset_at', 'bigint', (column) => column.notNull())
    .execute()
  await db.schema
    .createIndex('rate_limit_counters_reset_at')
    .on('rate_limit_counters')
    .column('reset_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute()
}
