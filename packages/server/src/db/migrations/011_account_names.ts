/**
 * Account names registered under a project's suffixes (SPEC §7 register, lookup, reverse lookup),
 * and the signed messages already used, so a registration or release cannot be replayed. Plain
 * PostgreSQL, identical on PGlite and on a PostgreSQL server.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_names')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('label', 'text', (column) => column.notNull())
    .addColumn('suffix', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('coin_type', 'bigint', (column) => column.notNull())
    .addColumn('attributes', 'jsonb', (column) => column.notNull())
    .addColumn('signed_at', 'timestamptz', (column) => column.notNull())
    .addColumn('registered_at', 'timestamptz', (column) => column.notNull())
    .execute()
  // Reverse lookup, and the per-address count, read a project's names of one address.
  await db.schema
    .createIndex('account_names_address')
    .on('account_names')
    .columns(['project_id', 'address'])
    .execute()
  await db.schema
    .createTable('account_name_signatures')
    .addColumn('digest', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_name_signatures').execute()
  await db.schema.dropTable('account_names').execute()
}
