/**
 * The activity indexer's tables (see `activity/tables.ts`). Plain PostgreSQL, identical on PGlite
 * and on a PostgreSQL server. The unique keys make re-indexing a range a no-op.
 */
import { type Kysely, sql } from 'kysely'

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_chains')
    .addColumn('chain', 'text', (column) => column.primaryKey())
    .addColumn('last_block', 'bigint', (column) => column.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('activity_blocks')
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('number', 'bigint', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addColumn('parent_hash', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_blocks_pkey', ['chain', 'number'])
    .execute()

  await db.schema
    .createTable('activity_transactions')
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('hash', 'text', (column) => column.notNull())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('block_hash', 'text', (column) => column.notNull())
    .addColumn('tx_index', 'integer', (column) => column.notNull())
    .addColumn('from_address', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text')
    .addColumn('nonce', 'bigint', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('confirmed', 'failed')`))
    .addColumn('mined_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('activity_transactions_pkey', ['chain', 'hash'])
    .execute()
  // History pages walk (block_number, tx_index) backwards; the sender's own transactions by address.
  await db.schema
    .createIndex('activity_transactions_position')
    .on('activity_transactions')
    .columns(['chain', 'block_number', 'tx_index'])
    .execute()
  await db.schema
    .createIndex('activity_transactions_from')
    .on('activity_transactions')
    .columns(['chain', 'from_address'])
    .execute()
  await db.schema
    .createIndex('activity_transactions_to')
    .on('activity_transactions')
    .columns(['chain', 'to_address'])
    .execute()

  await db.schema
    .createTable('activity_transfers')
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('tx_hash', 'text', (column) => column.notNull())
    .addColumn('block_number', 'bigint', (column) => column.notNull())
    .addColumn('log_index', 'integer', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('native', 'erc20', 'erc721')`))
    .addColumn('token', 'text')
    .addColumn('from_address', 'text', (column) => column.notNull())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('amount', sql`numeric(78, 0)`, (column) => column.notNull())
    .addColumn('token_id', 'text')
    .addPrimaryKeyConstraint('activity_transfers_pkey', ['chain', 'tx_hash', 'log_index'])
    .execute()
  await db.schema
    .createIndex('activity_transfers_from')
    .on('activity_transfers')
    .columns(['chain', 'from_address'])
    .execute()
  await db.schema
    .createIndex('activity_transfers_to')
    .on('activity_transfers')
    .columns(['chain', 'to_address'])
    .execute()
  // Rolling back a re-org deletes by block.
  await db.schema
    .createIndex('activity_transfers_block')
    .on('activity_transfers')
    .columns(['chain', 'block_number'])
    .execute()

  await db.schema
    .createTable('activity_tokens')
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('name', 'text')
    .addColumn('symbol', 'text')
    .addColumn('decimals', 'integer')
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('known', 'unknown')`))
    .addPrimaryKeyConstraint('activity_tokens_pkey', ['chain', 'address'])
    .execute()
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run before the typed schema exists
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_tokens').execute()
  await db.schema.dropTable('activity_transfers').execute()
  await db.schema.dropTable('activity_transactions').execute()
  await db.schema.dropTable('activity_blocks').execute()
  await db.schema.dropTable('activity_chains').execute()
}
