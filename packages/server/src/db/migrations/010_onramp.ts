/**
 * Card purchases: one row per widget Portico signed, filled in by the provider's webhooks, so the
 * Activity tab can show a purchase as pending, complete or failed (SPEC §7 transactions fetch with
 * `onramp`). Plain PostgreSQL, identical on PGlite and on a PostgreSQL server.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('onramp_purchases')
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('external_id', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('status', 'text')
    .addColumn('provider_transaction_id', 'text')
    .addColumn('crypto_currency', 'text')
    .addColumn('crypto_amount', 'numeric')
    .addColumn('fiat_currency', 'text')
    .addColumn('fiat_amount', 'numeric')
    .addColumn('tx_hash', 'text')
    .addColumn('provider_updated_at', 'timestamptz')
    .addColumn('last_event_id', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('onramp_purchases_pkey', ['provider', 'external_id'])
    .execute()
  // The history reads an account's purchases on one chain, newest first.
  await db.schema
    .createIndex('onramp_purchases_account')
    .on('onramp_purchases')
    .columns(['address', 'chain', 'updated_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('onramp_purchases').execute()
}
