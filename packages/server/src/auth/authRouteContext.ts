/**
 * What every group of the e-mail login's routes works with: the server's dependencies, the keys
 * derived from the master key, and the steps several routes share (reading a body, the mail
 * cool-down, sending mails, the request's session).
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { type BodySchema, parseJsonBody } from '../http/readBody.js'
import type { Logger } from '../logger.js'
import { type AuthMails, createAuthMails } from './authMails.js'
import { createRequireAuthSession, type RequireAuthSession } from './authSession.js'
import { claimEmailCooldown } from './cooldowns.js'
import { createHourlyLimits, type HourlyLimits, type MakeLimiter, makeMemoryLimiter } from './hourlyLimits.js'
import type { Mailer } from './mailer.js'
import { type AuthKeys, deriveAuthKeys, readMasterKey } from './masterKey.js'
import { getPublicUrl } from './publicUrl.js'

export interface AuthRouteDependencies {
  config: Pick<ServerConfig, 'auth' | 'publicUrl' | 'host' | 'port' | 'rpc'>
  db: Kysely<Database>
  now: () => number
  logger: Logger
  /** Where `PORTICO_MASTER_KEY` is read when the config has no master key; `process.env` when omitted. */
  env?: Record<string, string | undefined>
  /** Sends the mails; an SMTP mailer over `auth.smtp` when omitted. */
  mailer?: Mailer
  /** The client's IP address, as the app's rate limits see it. */
  clientIp: (c: Context<AppEnv>) => string
  /**
   * Makes the limiters of the routes' own limits, of the app's kind (shared through the database
   * on PostgreSQL); in this process's memory when omitted.
   */
  makeLimiter?: MakeLimiter
  /** The frame config's smart-account chains of a project; none when omitted. */
  smartAccountNetworks?: (projectId: string) => SmartAccountNetworks
}

/** The chains the frame's config reports for smart accounts. */
export interface SmartAccountNetworks {
  /** EVM chains with a bundler (SPEC §3 smartAccountEnabledNetworks). */
  smartAccountEnabledNetworks: string[]
  /** Of those, the ones where the site's paymaster pays the project's network fees. */
  sponsoredNetworks: string[]
}

export interface AuthRouteContext extends AuthMails {
  config: AuthRouteDependencies['config']
  db: Kysely<Database>
  now: () => number
  logger: Logger
  /** The server's public URL, which the device mail's link points at. */
  publicUrl: string
  /** The keys derived from the master key; UNAVAILABLE saying how to set one when there is none. */
  requireKeys(): AuthKeys
  /** The code checks' clock and attempt limit. */
  limits(): { now: number; maxAttempts: number }
  /** The request's JSON body checked by `schema`; BAD_REQUEST naming the first problem otherwise. */
  parseBody<T>(c: Context<AppEnv>, schema: BodySchema<T>, what: string): Promise<T>
  /** Takes the cool-down between mails for `key`; EMAIL_COOLDOWN with Retry-After while it runs. */
  claimCooldown(key: string): Promise<{ release: () => Promise<void> }>
  requireSession: RequireAuthSession
  /** Hourly limits of a step per client address within a project and per project; see hourlyLimits.ts. */
  hourlyLimits(name: string, limits: HourlyLimits, what: string): ReturnType<typeof createHourlyLimits>
}

const UNAVAILABLE_HINT =
  'The e-mail login is off: this server has no master key. Set auth.masterKey in its config or the PORTICO_MASTER_KEY environment variable to 32 random bytes (make them with: openssl rand -hex 32), then restart it.'

/** The derived keys, or none when no master key is configured; a malformed one stops the server. */
function loadKeys(deps: AuthRouteDependencies): AuthKeys | undefined {
  const masterKey = readMasterKey(deps.config.auth.masterKey, deps.env ?? process.env)
  return masterKey ? deriveAuthKeys(masterKey) : undefined
}

/**
 * Builds the routes' shared context once per app; reads the master key now, so a malformed one
 * stops the server at start.
 * @example
 * const context = createAuthRouteContext({ config, db, now: Date.now, logger, clientIp: () => '127.0.0.1' })
 */
export function createAuthRouteContext(deps: AuthRouteDependencies): AuthRouteContext {
  const { config, db, now, logger } = deps
  const keys = loadKeys(deps)
  const mails = createAuthMails(deps)
  return {
    config,
    db,
    now,
    logger,
    publicUrl: getPublicUrl(config),
    send: mails.send,
    requesterOf: mails.requesterOf,
    requireSession: createRequireAuthSession({ db, now }),
    hourlyLimits: (name, limits, what) =>
      createHourlyLimits({
        name,
        limits,
        what,
        clientIp: deps.clientIp,
        makeLimiter: deps.makeLimiter ?? makeMemoryLimiter(now),
      }),
    requireKeys() {
      if (!keys) throw new ApiRefusal('UNAVAILABLE', UNAVAILABLE_HINT)
      return keys
    },
    limits: () => ({ now: now(), maxAttempts: config.auth.otpAttempts }),
    parseBody: (c, schema, what) => parseJsonBody(c.req.raw, config.rpc.maxBodyBytes, schema, what),
    async claimCooldown(key) {
      const claim = await claimEmailCooldown(db, key, { now: now(), cooldownMs: config.auth.emailCooldownMs })
      if (!claim.claimed) {
        const seconds = Math.ceil(claim.retryAfterMs / 1000)
        throw new ApiRefusal('EMAIL_COOLDOWN', `Please try again after ${seconds} seconds`, {
          'Retry-After': String(seconds),
        })
      }
      return claim
    },
  }
}
