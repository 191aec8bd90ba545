/**
 * Fixed one-minute windows per key. Two stores:
 * - in memory (`createRateLimiter`): each instance counts on its own. Right for PGlite, which is
 *   one process anyway, and it costs no database round trip;
 * - in the database (`createDatabaseRateLimiter`): every instance on one PostgreSQL counts the same
 *   requests, so behind a load balancer a client gets the limit once, not once per instance. One
 *   upsert per check.
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

/**
 * A per-key request counter in the database, shared by every instance using it; see `RateLimiter`.
 * Windows are aligned on the clock (every instance puts a request of 12:00:30 in the 12:00 window),
 * so instances agree on them without talking to each other.
 */
export function createDatabaseRateLimiter(parameters: CreateDatabaseRateLimiterParameters): RateLimiter {
  const windowMs = parameters.windowMs ?? 60_000
  const now = parameters.now ?? Date.now
  const { db } = parameters
  let sweptAt = 0
  return {
    async hit(key, weight = 1) {
      const time = now()
      const start = Math.floor(time / windowMs) * windowMs
      const resetAt = start + windowMs
      if (time - sweptAt >= windowMs) {
        sweptAt = time
        // Past windows count for nothing; any instance may drop them, at most once a window each.
        await db.deleteFrom('rate_limit_counters').where('reset_at', '<=', String(time)).execute()
      }
      const row = await db
        .insertInto('rate_limit_counters')
        .values({
          bucket: `${parameters.name}:${key}:${start}`,
          count: Math.min(weight, 2_147_483_647),
          reset_at: resetAt,
        })
        .onConflict((conflict) =>
          conflict.column('bucket').doUpdateSet({
            // Capped, so a flood cannot overflow the column into an error.
            count: sql`least(rate_limit_counters.count::bigint + excluded.count, 2147483647)::integer`,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow()
      return verdict(row.count, parameters.limit, resetAt, time)
    },
  }
}
