/**
 * Sign-in with a wallet: the nonces the server issued and the sessions it created. Plain
 * PostgreSQL, identical on PGlite and on a PostgreSQL server. Times are written by the server from
 * its own clock, never `now()`, so every instance and test agrees on what has expired.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to projects: removing a project keeps what it already recorded, as for analytics.
  await db.schema
    .createTable('siwx_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('origin', 'text', (column) => column.notNull())
    // What the page said it would sign with; informational only, the signed message decides.
    .addColumn('chain_id', 'text')
    .addColumn('account_address', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  // Issuing a nonce deletes the long-expired ones.
  await db.schema.createIndex('siwx_nonces_expires_at').on('siwx_nonces').column('expires_at').execute()

  await db.schema
    .createTable('siwx_sessions')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('origin', 'text', (column) => column.notNull())
    .addColumn('namespace', 'text', (column) => column.notNull())
    .addColumn('chain_id', 'text', (column) => column.notNull())
    .addColumn('account_address', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('signature', 'text', (column) => column.notNull())
    .addColumn('cacao', 'jsonb')
    // SHA-256 of the bearer token, hex: a leaked table does not hand out sessions.
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('siwx_sessions_account')
    .on('siwx_sessions')
    .columns(['project_id', 'chain_id', 'account_address'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('siwx_sessions').execute()
  await db.schema.dropTable('siwx_nonces').execute()
}
