/**
 * `POST /e` (SPEC §7): the modal's analytics. The body is what `createAnalytics` in
 * `@portico/core` posts: a JSON array of `{ eventId, url, domain, timestamp, props }`.
 */
import { BaseError } from '@portico/core/errors'
import type { Kysely } from 'kysely'
import * as z from 'zod'
import type { Database } from '../db/schema.js'

/** The most events one request may carry (the client sends at most 50). */
export const MAX_EVENTS_PER_REQUEST = 200

/**
 * Bounds of one event's `props`, so a client cannot make the server store whatever it likes: the
 * modal's largest event (a swap's) is a few hundred bytes, two levels deep, a dozen keys.
 */
export const ANALYTICS_PROPS_LIMITS = {
  /** `props` as stored (JSON), in bytes. */
  maxBytes: 4 * 1024,
  /** `props` is level 1, `props.properties` level 2, … */
  maxDepth: 4,
  /** Keys of every object in `props`, together. */
  maxKeys: 64,
  /** Characters of any string or key in `props`. */
  maxStringLength: 1_024,
} as const

/** `st` and `sv` (SDK type and version, e.g. `portico` and `react-1.2.3`). */
export const SDK_LABEL = /^[A-Za-z0-9][A-Za-z0-9._+@/-]{0,63}$/

interface PropsShape {
  depth: number
  keys: number
  longestString: number
}

/** Measures `props` without recursion (a parsed body can nest deeper than the call stack). */
function measureProps(props: unknown): PropsShape {
  const shape: PropsShape = { depth: 0, keys: 0, longestString: 0 }
  const pending: Array<{ value: unknown; depth: number }> = [{ value: props, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next
    if (typeof value === 'string') {
      shape.longestString = Math.max(shape.longestString, value.length)
      continue
    }
    if (typeof value !== 'object' || value === null) continue
    const depth = next.depth + 1
    shape.depth = Math.max(shape.depth, depth)
    // Past the bounds there is nothing more to learn, and a hostile body is not walked to its end.
    if (shape.depth > ANALYTICS_PROPS_LIMITS.maxDepth) return shape
    if (!Array.isArray(value)) {
      const keys = Object.keys(value)
      shape.keys += keys.length
      if (shape.keys > ANALYTICS_PROPS_LIMITS.maxKeys) return shape
      for (const key of keys) shape.longestString = Math.max(shape.longestString, key.length)
    }
    for (const child of Object.values(value)) pending.push({ value: child, depth })
  }
  return shape
}

const boundedProps = z
  .looseObject({ type: z.string().min(1).max(128), event: z.string().min(1).max(128) })
  .superRefine((props, context) => {
    const { maxBytes, maxDepth, maxKeys, maxStringLength } = ANALYTICS_PROPS_LIMITS
    const shape = measureProps(props)
    const problem =
      shape.depth > maxDepth
        ? `nests deeper than ${maxDepth} levels`
        : shape.keys > maxKeys
          ? `has more than ${maxKeys} keys`
          : shape.longestString > maxStringLength
            ? `has a string or key longer than ${maxStringLength} characters`
            : Buffer.byteLength(JSON.stringify(props)) > maxBytes
              ? `is larger than ${maxBytes} bytes as JSON`
              : undefined
    if (problem) context.addIssue({ code: 'custom', message: problem, input: undefined })
  })

export const analyticsEventSchema = z.object({
  eventId: z.string().min(1).max(128),
  url: z.string().max(4096),
  domain: z.string().max(512),
  timestamp: z.number().int().nonnegative(),
  props: boundedProps,
})
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>

export const analyticsBodySchema = z.array(analyticsEventSchema).max(MAX_EVENTS_PER_REQUEST)

/** The body of `POST /e` is not what the client sends; the message says what is wrong. */
export class InvalidAnalyticsError extends BaseError {
  override name = 'InvalidAnalyticsError' as const
}
export type InvalidAnalyticsErrorType = InvalidAnalyticsError & { name: 'InvalidAnalyticsError' }

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

/** The rows of one request's events, each eventId once. */
export function toEventRows(parameters: IngestEventsParameters) {
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
  return rows
}

/** Stores the events, skipping any eventId the project already has. Returns how many were new. */
export async function ingestEvents(
  db: Kysely<Database>,
  parameters: IngestEventsParameters,
): Promise<number> {
  const rows = toEventRows(parameters)
  if (rows.length === 0) return 0
  const result = await db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((conflict) => conflict.columns(['project_id', 'event_id']).doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0n)
}
