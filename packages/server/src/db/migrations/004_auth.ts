/**
 * E-mail login for the embedded wallet: users, devices, one-time codes, sessions, encrypted wallets
 * and the mail cool-down. Plain PostgreSQL, identical on PGlite and on a PostgreSQL server. Times
 * are written by the server from its own clock, never `now()`, so every instance and test agrees on
 * what has expired.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  // Users belong to no project: the same address gets the same wallet on every site of this server.
  await db.schema
    .createTable('auth_users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('auth_devices')
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('auth_users.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approval_token_hash', 'text', (column) => column.unique())
    .addColumn('approval_expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('auth_devices_pkey', ['user_id', 'device_id'])
    .execute()

  await db.schema
    .createTable('auth_codes')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text')
    .addColumn('user_id', 'text', (column) => column.references('auth_users.id').onDelete('cascade'))
    .addColumn('new_email', 'text')
    .addColumn('request_id', 'text')
    .addColumn('code_hash', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute()
  // A code is always looked up as the latest of its kind for an address or a user.
  await db.schema.createIndex('auth_codes_email').on('auth_codes').columns(['email', 'purpose']).execute()
  await db.schema.createIndex('auth_codes_user').on('auth_codes').columns(['user_id', 'purpose']).execute()

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('auth_users.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute()

  await db.schema
    .createTable('auth_wallets')
    .addColumn('user_id', 'text', (column) =>
      column.primaryKey().references('auth_users.id').onDelete('cascade'),
    )
    .addColumn('key_iv', 'text', (column) => column.notNull())
    .addColumn('key_tag', 'text', (column) => column.notNull())
    .addColumn('wrapped_key', 'text', (column) => column.notNull())
    .addColumn('seed_iv', 'text', (column) => column.notNull())
    .addColumn('seed_tag', 'text', (column) => column.notNull())
    .addColumn('seed_ciphertext', 'text', (column) => column.notNull())
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .execute()

  await db.schema
    .createTable('auth_email_cooldowns')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('last_sent_at', 'timestamptz', (column) => column.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_email_cooldowns').execute()
  await db.schema.dropTable('auth_wallets').execute()
  await db.schema.dropTable('auth_sessions').execute()
  await db.schema.dropTable('auth_codes').execute()
  await db.schema.dropTable('auth_devices').execute()
  await db.schema.dropTable('auth_users').execute()
}
