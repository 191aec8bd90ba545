/**
 * Sign In With Farcaster for the embedded wallet: a user may be a Farcaster account (fid) instead
 * of an e-mail address, so `auth_users.email` may be empty; `auth_farcaster_users` ties a fid to its
 * user and keeps the display profile the relay passed on; `auth_farcaster_channels` holds the
 * sign-in channels the server opened on the relay, each usable for one login. Plain PostgreSQL,
 * identical on PGlite and on a PostgreSQL server.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Dropping NOT NULL twice is harmless, should another login kind have dropped it already.
  await sql`alter table auth_users alter column email drop not null`.execute(db)

  await db.schema
    .createTable('auth_farcaster_users')
    .addColumn('fid', 'bigint', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().unique().references('auth_users.id').onDelete('cascade'),
    )
    .addColumn('username', 'text')
    .addColumn('display_name', 'text')
    .addColumn('pfp_url', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('auth_farcaster_channels')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('channel_token', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('auth_farcaster_channels_expires')
    .on('auth_farcaster_channels')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_farcaster_channels').execute()
  await db.schema.dropTable('auth_farcaster_users').execute()
}
