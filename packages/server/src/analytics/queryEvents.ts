import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export interface QueryEventsParameters {
  projectId?: string | undefined
  /** The event name (`props.event`), e.g. `MODAL_OPEN`. */
  event?: string | undefined
  /** Only events that happened at or after this time (the client's timestamp). */
  since?: Date | undefined
  /** Most rows returned by `listEvents`. Defaults to 100. */
  limit?: number | undefined
}

export interface EventCount {
  projectId: string
  event: string
  count: number
}

export interface StoredEvent {
  projectId: string
  eventId: string
  event: string
  url: string
  domain: string
  timestamp: number
  props: Record<string, unknown>
  sdkType: string
  sdkVersion: string
  receivedAt: string
}

function filtered(db: Kysely<Database>, parameters: QueryEventsParameters) {
  let query = db.selectFrom('analytics_events')
  if (parameters.projectId) query = query.where('project_id', '=', parameters.projectId)
  if (parameters.event) query = query.where('event', '=', parameters.event)
  if (parameters.since) query = query.where('timestamp', '>=', String(parameters.since.getTime()))
  return query
}

/** How many events of each name each project recorded, most frequent first. */
export async function countEvents(
  db: Kysely<Database>,
  parameters: QueryEventsParameters = {},
): Promise<EventCount[]> {
  const rows = await filtered(db, parameters)
    .select((eb) => ['project_id', 'event', eb.fn.countAll<string>().as('count')])
    .groupBy(['project_id', 'event'])
    .orderBy('count', 'desc')
    .orderBy('project_id')
    .orderBy('event')
    .execute()
  return rows.map((row) => ({ projectId: row.project_id, event: row.event, count: Number(row.count) }))
}

/** The newest events, newest first. */
export async function listEvents(
  db: Kysely<Database>,
  parameters: QueryEventsParameters = {},
): Promise<StoredEvent[]> {
  const rows = await filtered(db, parameters)
    .selectAll()
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(parameters.limit ?? 100)
    .execute()
  return rows.map((row) => ({
    projectId: row.project_id,
    eventId: row.event_id,
    event: row.event,
    url: row.url,
    domain: row.domain,
    timestamp: Number(row.timestamp),
    props: row.props,
    sdkType: row.sdk_type,
    sdkVersion: row.sdk_version,
    receivedAt: new Date(row.received_at).toISOString(),
  }))
}
