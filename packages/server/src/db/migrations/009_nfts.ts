/**
 * NFTs: ERC-1155 transfers join the activity (`kind = 'erc1155'`; one `TransferBatch` log holds
 * several ids, told apart by `batch_index`), and the metadata the server fetched for each token is
 * cached in `nft_metadata`. Plain PostgreSQL, identical on PGlite and on a PostgreSQL server.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table activity_transfers drop constraint activity_transfers_kind_check`.execute(db)
  await sql`alter table activity_transfers add constraint activity_transfers_kind_check
    check (kind in ('native', 'erc20', 'erc721', 'erc1155'))`.execute(db)
  await sql`alter table activity_transfers add column batch_index integer not null default 0`.execute(db)
  await sql`alter table activity_transfers drop constraint activity_transfers_pkey`.execute(db)
  await sql`alter table activity_transfers add constraint activity_transfers_pkey
    primary key (chain, tx_hash, log_index, batch_index)`.execute(db)
  // Holdings sum an account's NFT transfers per token; the address indexes already narrow them.

  await db.schema
    .createTable('nft_metadata')
    .addColumn('chain', 'text', (column) => column.notNull())
    .addColumn('contract', 'text', (column) => column.notNull())
    .addColumn('token_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().check(sql`status in ('ok', 'failed')`))
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addColumn('image', 'text')
    /** Why the metadata could not be used, for operators; never shown to visitors. */
    .addColumn('failure', 'text')
    .addColumn('fetched_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('nft_metadata_pkey', ['chain', 'contract', 'token_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('nft_metadata').execute()
  await sql`delete from activity_transfers where kind = 'erc1155' or batch_index <> 0`.execute(db)
  await sql`alter table activity_transfers drop constraint activity_transfers_pkey`.execute(db)
  await sql`alter table activity_transfers add constraint activity_transfers_pkey
    primary key (chain, tx_hash, log_index)`.execute(db)
  await sql`alter table activity_transfers drop column batch_index`.execute(db)
  await sql`alter table activity_transfers drop constraint activity_transfers_kind_check`.execute(db)
  await sql`alter table activity_transfers add constraint activity_transfers_kind_check
    check (kind in ('native', 'erc20', 'erc721'))`.execute(db)
}
