/**
 * Fixed one-minute windows per key. Two stores:
 * - in memory (`createRateLimiter`): each instance counts on its own. Right for PGlite, which is
 *   one process anyway, and it costs no database round trip;
 * - in the database (`createDatabaseRateLimiter`): every instance on one PostgreSQL counts the same
 *   requests, so behind a load balancer a client gets the limit once, not once per instance. One
 *   upsert per key at a time, carrying every hit that arrived while the previous one ran.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

export type RateLimitHit = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimiter {
  /**
   * Counts `weight` requests (one by default; a JSON-RPC batch counts its items) for `key`;
   * `retryAfterSeconds` is set when it is over the limit.
   */
  hit(key: string, weight?: number): Promise<RateLimitHit>
}

export interface CreateRateLimiterParameters {
  /** Requests allowed per window. */
  limit: number
  windowMs?: number
  now?: () => number
}

/** Windows kept before expired ones are swept. */
const SWEEP_AT = 10_000

const verdict = (count: number, limit: number, resetAt: number, time: number): RateLimitHit =>
  count <= limit
    ? { allowed: true }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - time) / 1000)) }

/** A per-key request counter in this process's memory; see `RateLimiter`. */
export function createRateLimiter(parameters: CreateRateLimiterParameters): RateLimiter {
  const windowMs = parameters.windowMs ?? 60_000
  const now = parameters.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    async hit(key, weight = 1) {
      const time = now()
      if (windows.size >= SWEEP_AT) {
        for (const [k, window] of windows) if (window.resetAt <= time) windows.delete(k)
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs }
        windows.set(key, window)
      }
      window.count += weight
      return verdict(window.count, parameters.limit, window.resetAt, time)
    },
  }
}

export interface CreateDatabaseRateLimiterParameters extends CreateRateLimiterParameters {
  db: Kysely<Database>
  /** Tells this limiter's keys from another's in the shared table, e.g. `ip` or `project`. */
  name: string
}

/** A hit waiting for its bucket's next upsert. */
interface QueuedHit {
  weight: number
  time: number
  resolve(hit: RateLimitHit): void
  reject(error: unknown): void
}

/**
 * A per-key request counter in the database, shared by every instance using it; see `RateLimiter`.
 * Windows are aligned on the clock (every instance puts a request of 12:00:30 in the 12:00 window),
 * so instances agree on them without talking to each other.
 *
 * Hits on one key that arrive while its upsert is on its way wait for the next one and go in it
 * together: a burst from one address or project costs a few round trips instead of one each, and
 * queues on no row lock. The counts stay exact: the upsert returns the total after the batch, and
 * each hit of the batch is judged at its own place in it, in arrival order.
 */
export function createDatabaseRateLimiter(parameters: CreateDatabaseRateLimiterParameters): RateLimiter {
  const windowMs = parameters.windowMs ?? 60_000
  const now = parameters.now ?? Date.now
  const { db } = parameters
  let sweptAt = 0
  /** Per bucket: the hits waiting for the next upsert; a bucket is here while its upsert runs. */
  const queues = new Map<string, QueuedHit[]>()

  const flush = async (bucket: string, resetAt: number) => {
    for (;;) {
      const batch = queues.get(bucket) ?? []
      if (batch.length === 0) {
        queues.delete(bucket)
        return
      }
      queues.set(bucket, [])
      const total = batch.reduce((sum, queued) => sum + queued.weight, 0)
      try {
        const time = batch[0]?.time ?? now()
        if (time - sweptAt >= windowMs) {
          sweptAt = time
          // Past windows count for nothing; any instance may drop them, at most once a window each.
          await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', String(time)).execute()
        }
        const row = await db
          .insertInto('rate_limit_counters')
          .values({ bucket, count: Math.min(total, 2_147_483_647), reset_at: resetAt })
          .onConflict((conflict) =>
            conflict.column('bucket').doUpdateSet({
              // Capped, so a flood cannot overflow the column into an error.
              count: sql`least(rate_limit_counters.count::bigint + excluded.count, 2147483647)::integer`,
            }),
          )
          .returning('count')
          .executeTakeFirstOrThrow()
        let running = row.count - total
        for (const queued of batch) {
          running += queued.weight
          queued.resolve(verdict(running, parameters.limit, resetAt, queued.time))
        }
      } catch (error) {
        for (const queued of batch) queued.reject(error)
      }
    }
  }

  return {
    hit(key, weight = 1) {
      const time = now()
      const start = Math.floor(time / windowMs) * windowMs
      const bucket = `${parameters.name}:${key}:${start}`
      return new Promise<RateLimitHit>((resolve, reject) => {
        const queue = queues.get(bucket)
        if (queue) {
          queue.push({ weight, time, resolve, reject })
          return
        }
        queues.set(bucket, [{ weight, time, resolve, reject }])
        void flush(bucket, start + windowMs)
      })
    },
  }
}
