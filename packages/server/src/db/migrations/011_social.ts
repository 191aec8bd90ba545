/**
 * Social logins (auth/social): the provider identities linked to embedded-wallet users, and the
 * short-lived login attempts between the frame's start and its finish. A user made from a social
 * login that gave no verified e-mail has none, so `auth_users.email` may now be NULL (PostgreSQL's
 * unique constraint lets many NULLs through). Plain PostgreSQL, identical on PGlite and a server.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE auth_users ALTER COLUMN email DROP NOT NULL`.execute(db)
  // The provider of the social login that opened a session, so Account shows its username.
  await db.schema.alterTable('auth_sessions').addColumn('social_provider', 'text').execute()
  await db.schema
    .createTable('auth_social_identities')
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text', (column) =>
      column.notNull().references('auth_users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text')
    .addColumn('email_verified', 'boolean', (column) => column.notNull())
    .addColumn('username', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('last_login_at', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('auth_social_identities_pkey', ['provider', 'subject'])
    .execute()
  await db.schema
    .createIndex('auth_social_identities_user')
    .on('auth_social_identities')
    .column('user_id')
    .execute()
  await db.schema
    .createTable('auth_social_attempts')
    .addColumn('state_hash', 'text', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('provider', 'text', (column) => column.notNull())
    .addColumn('device_id', 'text', (column) => column.notNull())
    .addColumn('secret_hash', 'text', (column) => column.notNull())
    .addColumn('redirect_to', 'text')
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_created', 'boolean')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .addColumn('callback_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('auth_social_attempts_expiry')
    .on('auth_social_attempts')
    .column('expires_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auth_social_attempts').execute()
  await db.schema.dropTable('auth_social_identities').execute()
  await db.schema.alterTable('auth_sessions').dropColumn('social_provider').execute()
  await sql`DELETE FROM auth_users WHERE email IS NULL`.execute(db)
  await sql`ALTER TABLE auth_users ALTER COLUMN email SET NOT NULL`.execute(db)
}
