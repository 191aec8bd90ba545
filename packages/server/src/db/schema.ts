/**
 * The tables, as Kysely sees them. One schema for PGlite and PostgreSQL: the migrations in
 * `migrations/` create exactly these.
 */
import type { ColumnType, Generated } from 'kysely'
import type { PaymasterTables } from '../accountAbstraction/tables.js'
import type { ActivityTables } from '../activity/tables.js'
import type { AuthTables } from '../auth/tables.js'
import type { OnrampTables } from '../onramp/tables.js'
import type { SiwxTables } from '../siwx/tables.js'

export interface ProjectsTable {
  /** The projectId a site puts in its Portico config. */
  id: string
  name: string
  /** Origins (`https://example.com`) allowed to use the project; `*` allows any. JSON array. */
  allowed_origins: ColumnType<string[], string, string>
  created_at: ColumnType<Date, Date | string | undefined, never>
}

export interface AnalyticsEventsTable {
  id: Generated<string>
  project_id: string
  event_id: string
  url: string
  domain: string
  /** When the event happened, as the client said (ms since the epoch). */
  timestamp: ColumnType<string, number | string, never>
  /** The event's name (props.event), kept apart for querying. */
  event: string
  props: ColumnType<Record<string, unknown>, string, never>
  sdk_type: string
  sdk_version: string
  received_at: ColumnType<Date, Date | string | undefined, never>
}

/** Shared rate-limit counters (`http/rateLimiter.ts`), one row per key and window. */
export interface RateLimitCountersTable {
  bucket: string
  count: number
  reset_at: ColumnType<string, number | string, number | string>
}

export interface CoreTables {
  projects: ProjectsTable
  analytics_events: AnalyticsEventsTable
  rate_limit_counters: RateLimitCountersTable
}

export type Database = CoreTables & ActivityTables & SiwxTables & AuthTables & OnrampTables & PaymasterTables
