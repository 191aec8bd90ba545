/**
 * Analytics ingestion in batches: the events of every `POST /e` that arrives while a write is under
 * way go into the next write, so a burst costs one insert per round trip to the database instead of
 * one per request. A request still waits for the write holding its events, so its 204 means they
 * are stored, and nothing is queued that a shutdown could lose: the server stops taking requests,
 * lets the last writes finish, then closes the database. The queue is bounded: past
 * `maxQueuedEvents` a request is refused with 503 and Retry-After rather than the server's memory
 * growing without end while the database is slow.
 */
import { BaseError } from '@portico/core/errors'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { Logger } from '../logger.js'
import { type IngestEventsParameters, toEventRows } from './ingestEvents.js'

/** More events are waiting for the database than the batcher holds; the request is refused. */
export class AnalyticsQueueFullError extends BaseError {
  override name = 'AnalyticsQueueFullError' as const
}
export type AnalyticsQueueFullErrorType = AnalyticsQueueFullError & { name: 'AnalyticsQueueFullError' }

export interface AnalyticsBatcher {
  /** Resolves once the events are stored (duplicates of stored eventIds skipped). */
  ingest(parameters: IngestEventsParameters): Promise<void>
  /** Events waiting for the next write. */
  readonly queued: number
  /** Resolves when every accepted event is written. */
  drain(): Promise<void>
}

export interface CreateAnalyticsBatcherParameters {
  db: Kysely<Database>
  logger?: Logger
  /** Most events waiting at once; the server's default is 20,000 (a few MB). */
  maxQueuedEvents?: number
  /** Most rows in one insert (PostgreSQL allows 65,535 parameters, 9 a row). */
  maxRowsPerInsert?: number
  /** Called after each insert with its row count (metrics). */
  onWrite?: (rows: number) => void
}

type Row = ReturnType<typeof toEventRows>[number]

interface Waiting {
  rows: Row[]
  resolve: () => void
  reject: (error: unknown) => void
}

/** See the module comment. */
export function createAnalyticsBatcher(parameters: CreateAnalyticsBatcherParameters): AnalyticsBatcher {
  const maxQueued = parameters.maxQueuedEvents ?? 20_000
  const maxRows = parameters.maxRowsPerInsert ?? 5_000
  let waiting: Waiting[] = []
  let queued = 0
  let writing: Promise<void> | undefined

  const write = async (batch: Waiting[]) => {
    const rows = batch.flatMap((entry) => entry.rows)
    try {
      for (let start = 0; start < rows.length; start += maxRows) {
        const slice = rows.slice(start, start + maxRows)
        await parameters.db
          .insertInto('analytics_events')
          .values(slice)
          .onConflict((conflict) => conflict.columns(['project_id', 'event_id']).doNothing())
          .execute()
        parameters.onWrite?.(slice.length)
      }
      for (const entry of batch) entry.resolve()
    } catch (error) {
      // Each request learns its write failed (a 500 it can retry; eventIds make the retry safe).
      parameters.logger?.error('analytics batch failed', { rows: rows.length, err: error })
      for (const entry of batch) entry.reject(error)
    }
  }

  /** Writes what is waiting, then whatever arrived meanwhile, until nothing is left. */
  const pump = () => {
    writing ??= (async () => {
      while (waiting.length > 0) {
        const batch = waiting
        waiting = []
        queued -= batch.reduce((sum, entry) => sum + entry.rows.length, 0)
        await write(batch)
      }
      writing = undefined
    })()
    return writing
  }

  return {
    get queued() {
      return queued
    },
    ingest(input) {
      const rows = toEventRows(input)
      if (rows.length === 0) return Promise.resolve()
      if (queued + rows.length > maxQueued) {
        return Promise.reject(
          new AnalyticsQueueFullError(
            `${queued} analytics events are waiting for the database (at most ${maxQueued}); this batch was not stored.`,
          ),
        )
      }
      queued += rows.length
      const done = new Promise<void>((resolve, reject) => waiting.push({ rows, resolve, reject }))
      void pump()
      return done
    },
    async drain() {
      while (writing || waiting.length > 0) await pump()
    },
  }
}
