/**
 * `POST /e` (SPEC §7): the modal's analytics. The body is what `createAnalytics` in
 * `@portico/core` posts: a JSON array of `{ eventId, url, domain, timestamp, props }`.
 */
import type { Kysely } from 'kysely'
import * as z from 'zod'
import type { Database } from '../db/schema.js'

/** The most events one request may carry (the client sends at most 50). */
export const MAX_EVENTS_PER_REQUEST = 200

export const analyticsEventSchema = z.object({
  eventId: z.string().min(1).max(128),
  url: z.string().max(4096),
  domain: z.string().max(512),
  timestamp: z.number().int().nonnegative(),
  props: z.looseObject({ type: z.string().min(1).max(128), event: z.string().min(1).max(128) }),
})
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>

export const analyticsBodySchema = z.array(analyticsEventSchema).max(MAX_EVENTS_PER_REQUEST)

/** The body of `POST /e` is not what the client sends; the message says what is wrong. */
export class InvalidAnalyticsError extends Error {
  override name = 'InvalidAnalyticsError'
}

/** Checks a parsed body and returns the events, or throws `InvalidAnalyticsError` naming the bad fields. */
export function parseAnalyticsBody(body: unknown): AnalyticsEventInput[] {
  const result = analyticsBodySchema.safeParse(body)
  if (result.success) return result.data
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${issue.message}`)
  throw new InvalidAnalyticsError(
    `The analytics body must be a JSON array of {eventId, url, domain, timestamp, props: {type, event}}: ${details.join('; ')}`,
  )
}

export interface IngestEventsParameters {
  projectId: string
  sdkType: string
  sdkVersion: string
  events: readonly AnalyticsEventInput[]
}

/** Stores the events, skipping any eventId the project already has. Returns how many were new. */
export async function ingestEvents(
  db: Kysely<Database>,
  parameters: IngestEventsParameters,
): Promise<number> {
  const seen = new Set<string>()
  const rows = []
  for (const event of parameters.events) {
    if (seen.has(event.eventId)) continue
    seen.add(event.eventId)
    rows.push({
      project_id: parameters.projectId,
      event_id: event.eventId,
      url: event.url,
      domain: event.domain,
      timestamp: event.timestamp,
      event: event.props.event,
      props: JSON.stringify(event.props),
      sdk_type: parameters.sdkType,
      sdk_version: parameters.sdkVersion,
    })
  }
  if (rows.length === 0) return 0
  const result = await db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['project_id', 'event_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}
