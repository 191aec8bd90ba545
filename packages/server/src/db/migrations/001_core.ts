/**
 * Projects and analytics events. Plain PostgreSQL, identical on PGlite and on a PostgreSQL server.
 */
import { type Kysely, sql } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('allowed_origins', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute()

  // No foreign key to projects: removing a project keeps what it already recorded.
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('project_id', 'text', (column) => column.notNull())
    .addColumn('event_id', 'text', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('domain', 'text', (column) => column.notNull())
    .addColumn('timestamp', 'bigint', (column) => column.notNull())
    .addColumn('event', 'text', (column) => column.notNull())
    .addColumn('props', 'jsonb', (column) => column.notNull())
    .addColumn('sdk_type', 'text', (column) => column.notNull())
    .addColumn('sdk_version', 'text', (column) => column.notNull())
    .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    // A client retrying a batch sends the same eventIds again; they are stored once.
    .addUniqueConstraint('analytics_events_project_event_id', ['project_id', 'event_id'])
    .execute()

  // `portico-server analytics`: counts per event name, filtered by project and by time.
  await db.schema
    .createIndex('analytics_events_project_time')
    .on('analytics_events')
    .columns(['project_id', 'timestamp'])
    .execute()
  await db.schema
    .createIndex('analytics_events_event_time')
    .on('analytics_events')
    .columns(['event', 'timestamp'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute()
  await db.schema.dropTable('projects').execute()
}
