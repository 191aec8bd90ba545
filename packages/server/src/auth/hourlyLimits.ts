/**
 * Hourly limits on the login steps that cost the server more than a request: a social login's
 * start writes an attempt row kept a day, and a Farcaster sign-in opens a channel on the relay, an
 * outside service the site answers for. The server's general limits (per minute) allow far more
 * of those than any visitor needs, so each step has limits of its own, per client address within a
 * project and per project, counted before the step does anything.
 */
import type { Context } from 'hono'
import * as z from 'zod'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { createRateLimiter, type RateLimiter } from '../http/rateLimiter.js'
import type { Project } from '../projects/projects.js'

export const HOUR_MS = 3_600_000

/**
 * The config of one step's limits. 120 an hour from one address lets an office behind one NAT
 * retry all day; 10 000 an hour for a project is about three a second for a whole hour, which no
 * site's visitors reach by logging in, and caps what many addresses together can make a site do.
 */
export const hourlyLimitsSchema = z
  .object({
    /** From one client address (see `trustProxy`), within one project. */
    perIpPerHour: z.number().int().min(1).default(120),
    /** From the visitors of one project, all together. */
    perProjectPerHour: z.number().int().min(1).default(10_000),
  })
  .prefault({})
export type HourlyLimits = z.infer<typeof hourlyLimitsSchema>

/** Makes a limiter of the app's kind (in memory, or shared through the database); see createApp. */
export type MakeLimiter = (name: string, limit: number, windowMs: number) => RateLimiter

/** A limiter in this process's memory: what a context without the app's limiters counts with. */
export const makeMemoryLimiter =
  (now: () => number): MakeLimiter =>
  (_name, limit, windowMs) =>
    createRateLimiter({ limit, windowMs, now })

export interface CreateHourlyLimitsParameters {
  /** Tells this step's counts from others' in a shared store, e.g. `social-start`. */
  name: string
  limits: HourlyLimits
  makeLimiter: MakeLimiter
  clientIp: (c: Context<AppEnv>) => string
  /** The step, as refusals name it: "social login starts", "Farcaster sign-ins". */
  what: string
}

/**
 * Counts one more of a step for the request's client address and project, refusing with 429
 * RATE_LIMITED, Retry-After and the limit reached when either is over. The project counts only
 * what an address was allowed, so one address cannot spend the whole project's limit.
 * @example
 * const startLimits = createHourlyLimits({ name: 'social-start', limits, makeLimiter, clientIp, what: 'social login starts' })
 * await startLimits.count(c, project)
 */
export function createHourlyLimits(parameters: CreateHourlyLimitsParameters) {
  const { name, limits, clientIp, what } = parameters
  const perIp = parameters.makeLimiter(`${name}-ip`, limits.perIpPerHour, HOUR_MS)
  const perProject = parameters.makeLimiter(`${name}-project`, limits.perProjectPerHour, HOUR_MS)
  const refuse = (message: string, retryAfterSeconds: number) =>
    new ApiRefusal('RATE_LIMITED', `${message} Retry in ${retryAfterSeconds} s.`, {
      'Retry-After': String(retryAfterSeconds),
    })
  return {
    async count(c: Context<AppEnv>, project: Project): Promise<void> {
      const ip = clientIp(c)
      const ipHit = await perIp.hit(`${project.id}:${ip}`)
      if (!ipHit.allowed) {
        throw refuse(
          `Too many ${what} from ${ip} for project "${project.id}": at most ${limits.perIpPerHour} an hour from one address.`,
          ipHit.retryAfterSeconds,
        )
      }
      const projectHit = await perProject.hit(project.id)
      if (!projectHit.allowed) {
        throw refuse(
          `Too many ${what} for project "${project.id}": at most ${limits.perProjectPerHour} an hour from all its visitors together.`,
          projectHit.retryAfterSeconds,
        )
      }
    },
  }
}
