/**
 * The site's paymaster: per-day spend counters (so every instance on one database shares the same
 * budgets) and the audit log of sponsorship decisions. Plain PostgreSQL, identical on PGlite.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('paymaster_spend')
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('account', 'text', (column) => column.notNull())
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('wei', 'numeric', (column) => column.notNull())
    .addColumn('gas', 'numeric', (column) => column.notNull())
    .addColumn('operations', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('paymaster_spend_pkey', ['project_id', 'chain', 'account', 'day'])
    .execute()
  await db.schema
    .createTable('paymaster_audit')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('account', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text')
    .addColumn('method', 'text', (column) => column.notNull())
    .addColumn('decision', 'text', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('max_cost_wei', 'numeric')
    .addColumn('valid_until', 'bigint')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  // An operator reads a project's decisions, newest first.
  await db.schema
    .createIndex('paymaster_audit_project')
    .on('paymaster_audit')
    .columns(['project_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('paymaster_audit').execute()
  await db.schema.dropTable('paymaster_spend').execute()
}
