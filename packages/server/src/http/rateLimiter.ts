/**
 * Fixed one-minute windows counted in memory. Each server instance counts on its own, so behind a
 * load balancer with N instances a client can make up to N times the limit.
 */
export interface RateLimiter {
  /**
   * Counts `weight` requests (one by default; a JSON-RPC batch counts its items) for `key`;
   * `retryAfterSeconds` is set when it is over the limit.
   */
  hit(key: string, weight?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number }
}

export interface CreateRateLimiterParameters {
  /** Requests allowed per window. */
  limit: number
  windowMs?: number
  now?: () => number
}

/** Windows kept before expired ones are swept. */
const SWEEP_AT = 10_000

/** A per-key request counter; see `RateLimiter`. */
export function createRateLimiter(parameters: CreateRateLimiterParameters): RateLimiter {
  const windowMs = parameters.windowMs ?? 60_000
  const now = parameters.now ?? Date.now
  const windows = new Map<string, { count: number; resetAt: number }>()
  return {
    hit(key, weight = 1) {
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
      if (window.count <= parameters.limit) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) }
    },
  }
}
