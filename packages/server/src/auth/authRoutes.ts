/**
 * E-mail login for the embedded wallet over HTTP (`/v1/auth/*`). Only the wallet's frame, served
 * from this server's public origin, may call it: a site's page never sees a code, a token or a
 * seed. The approval link of a device mail is the one exception, opened from a mail client.
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import {
  authDeviceWaitRequestSchema,
  authDeviceWaitResponseSchema,
  authEmailRequestSchema,
  authEmailResponseSchema,
  authFrameConfigResponseSchema,
  authOtpRequestSchema,
  authOtpResponseSchema,
  authPutWalletRequestSchema,
  authPutWalletResponseSchema,
  authSessionResponseSchema,
  authUpdateEmailPrimaryRequestSchema,
  authUpdateEmailPrimaryResponseSchema,
  authUpdateEmailRequestSchema,
  authUpdateEmailResponseSchema,
  authUpdateEmailSecondaryRequestSchema,
  authUpdateEmailSecondaryResponseSchema,
  authWalletResponseSchema,
} from '@portico/core/api'
import type { Context, Hono } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { frameParentCookie } from '../frame/serveFrame.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { createBearerToken, isBearerToken, readBearerToken } from '../http/bearerToken.js'
import { readBody, readJsonBody } from '../http/readBody.js'
import type { Logger } from '../logger.js'
import { InvalidOriginError, isOriginAllowed, normaliseOrigin } from '../projects/origins.js'
import type { Project } from '../projects/projects.js'
import { type CodeCheck, checkCode, consumeCode, deleteCodes, findLatestCode, issueCode } from './codes.js'
import { claimEmailCooldown } from './cooldowns.js'
import { renderDeviceApprovalPage } from './deviceApprovalPage.js'
import { InvalidEmailError, normaliseEmail } from './email.js'
import {
  createMailer,
  deviceApprovalMail,
  emailChangeMails,
  loginCodeMail,
  type Mail,
  MailDeliveryError,
  type Mailer,
} from './mailer.js'
import { claimMail, type MailLimit } from './mailQuota.js'
import { type AuthKeys, deriveAuthKeys, readMasterKey } from './masterKey.js'
import { SeedDecryptionError } from './seedVault.js'
import { findAuthSession, insertAuthSession, revokeAuthSession, type StoredAuthSession } from './sessions.js'
import {
  approveDevice,
  approveDeviceByToken,
  cancelDeviceApproval,
  changeUserEmail,
  findDeviceApproval,
  findOrCreateUser,
  findUserByEmail,
  hasPendingDeviceApproval,
  isDeviceApproved,
  requestDeviceApproval,
} from './users.js'
import { readWalletSeed, storeWalletSeed } from './wallets.js'

/**
 * The link in a device mail (GET: a page with a button) and that button's form post (POST: the
 * approval): reached from a mail client's browser, with no project and any origin.
 */
export const AUTH_DEVICE_APPROVE_PATH = '/v1/auth/device/approve'
const APPROVAL_TOKEN = /^[A-Za-z0-9_-]{43}$/
/** The approval form carries one token; anything much larger is not that form. */
const APPROVAL_FORM_MAX_BYTES = 4 * 1024

/** The refusal of a mail to an address that had `auth.maxMailsPerDay` in the last 24 hours. */
export const EMAIL_LIMIT_MESSAGE =
  'Too many e-mails were sent to this address today. Please try again tomorrow.'

/** How often a waiting device request looks at the database. */
const DEVICE_POLL_MS = 250

/** Names the frame's origin on a same-origin GET, which browsers send without `Origin`. */
const ORIGIN_HEADER = 'x-portico-origin'

/** The cookie that keeps the frame's session across page loads (the token, never readable by a script). */
export const AUTH_SESSION_COOKIE = 'portico_session'
/** The cookie that names the browser as a device, so an approved device stays approved. */
export const AUTH_DEVICE_COOKIE = 'portico_device'
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/
/** A device cookie outlives any session: approving a device is meant to be done once. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60

/**
 * The frame is a third-party frame on the site's page, where browsers block or partition storage.
 * A partitioned cookie (CHIPS) is kept per embedding site, even where third-party cookies are
 * blocked, and HttpOnly keeps it from every script, the frame's own included. Browsers accept
 * Secure cookies from https origins and from localhost/127.0.0.1 only: elsewhere over plain http
 * the session lasts as long as the frame.
 */
const FRAME_COOKIE: CookieOptions = {
  path: '/v1/auth',
  httpOnly: true,
  secure: true,
  sameSite: 'None',
  partitioned: true,
}

/** Whether a path belongs to the e-mail login API. */
export function isAuthPath(path: string): boolean {
  return path === '/v1/auth' || path.startsWith('/v1/auth/')
}

/**
 * The server's public URL without a trailing slash: `publicUrl`, or `http://<host>:<port>` with a
 * wildcard host read as 127.0.0.1.
 */
export function getPublicUrl(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
}

/** The embedded wallet frame's origin: the origin of the server's public URL. */
export function getFrameOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  return new URL(getPublicUrl(config)).origin
}

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
}

/** Who a request's mails are counted for. */
interface MailRequester {
  clientIp: string
  deviceId?: string | undefined
  projectId: string
}

/** What a visitor is told when one of `auth.mailLimits` refuses a mail. */
const MAIL_LIMIT_WHO: Record<Exclude<MailLimit, 'address'>, string> = {
  ip: 'from this network',
  device: 'from this device',
  project: 'on this site',
}

const UNAVAILABLE_HINT =
  'The e-mail login is off: this server has no master key. Set auth.masterKey in its config or the PORTICO_MASTER_KEY environment variable to 32 random bytes (make them with: openssl rand -hex 32), then restart it.'

/** The derived keys, or none when no master key is configured; a malformed one stops the server. */
function loadKeys(deps: AuthRouteDependencies): AuthKeys | undefined {
  const masterKey = readMasterKey(deps.config.auth.masterKey, deps.env ?? process.env)
  return masterKey ? deriveAuthKeys(masterKey) : undefined
}

function readJson(c: Context<AppEnv>, maxBytes: number, what: string): Promise<unknown> {
  return readJsonBody(c.req.raw, maxBytes, what)
}

interface BodySchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } }
}

function emailOf(input: string): string {
  try {
    return normaliseEmail(input)
  } catch (error) {
    if (error instanceof InvalidEmailError) throw new ApiRefusal('EMAIL_INVALID', error.message)
    throw error
  }
}

function sessionRefusal(why: string): ApiRefusal {
  return new ApiRefusal('AUTH_SESSION_INVALID', why)
}

function codeRefusal(check: Exclude<CodeCheck, { result: 'match' }>): ApiRefusal {
  switch (check.result) {
    case 'used':
      return new ApiRefusal('OTP_INVALID', 'This code was used already: ask for a new one.')
    case 'expired':
      return new ApiRefusal('OTP_EXPIRED', 'This code has expired: ask for a new one.')
    case 'locked':
      return new ApiRefusal(
        'OTP_ATTEMPTS_EXCEEDED',
        'Too many wrong codes: this code no longer works. Ask for a new one.',
      )
    case 'wrong':
      return new ApiRefusal(
        'OTP_INVALID',
        `The code is not right: ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left.`,
      )
  }
}

/**
 * Adds the e-mail login API (`/v1/auth/*`) to an app whose middleware has already checked the
 * project (and let the frame's origin through for these paths). Without a master key every route
 * answers 503 UNAVAILABLE saying how to set one.
 * @example
 * registerAuthRoutes(app, { config, db, now: Date.now, logger, clientIp: () => "127.0.0.1" })
 */
export function registerAuthRoutes(app: Hono<AppEnv>, deps: AuthRouteDependencies): void {
  const { config, db, now, logger } = deps
  const { otpTtlMs, otpAttempts, emailCooldownMs, sessionTtlMs, deviceWaitMs, maxMailsPerDay } = config.auth
  const keys = loadKeys(deps)
  const publicUrl = getPublicUrl(config)
  const frameOrigin = getFrameOrigin(config)
  let mailer = deps.mailer
  const getMailer = () => {
    mailer ??= createMailer(config.auth.smtp)
    return mailer
  }
  const limits = () => ({ now: now(), maxAttempts: otpAttempts })

  const requireKeys = (): AuthKeys => {
    if (!keys) throw new ApiRefusal('UNAVAILABLE', UNAVAILABLE_HINT)
    return keys
  }

  const parseBody = async <T>(c: Context<AppEnv>, schema: BodySchema<T>, what: string): Promise<T> => {
    const parsed = schema.safeParse(await readJson(c, config.rpc.maxBodyBytes, what))
    if (parsed.success) return parsed.data
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.map(String).join('.') : 'body'
    throw new ApiRefusal(
      'BAD_REQUEST',
      `The ${what} body is not valid: ${where}: ${issue?.message ?? 'invalid'}.`,
    )
  }

  const deliver = async (mail: Mail): Promise<void> => {
    try {
      await getMailer().send(mail)
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error
      logger.warn('mail not sent', { err: error })
      throw new ApiRefusal(
        'MAIL_FAILED',
        `The mail to ${mail.to} could not be sent: this server's mail (SMTP) server refused it or did not answer. Try again in a moment; the server's log has the details.`,
      )
    }
  }

  /**
   * Sends mails that belong together, each counted against the daily cap of its own address. All
   * are counted before any goes out, so an e-mail change never mails one address and not the other
   * because of the cap; a mail that is not sent is not counted.
   */
  const send = async (requester: MailRequester, ...mails: Mail[]): Promise<void> => {
    const releases: Array<() => Promise<void>> = []
    const releaseFrom = async (index: number) => {
      for (const release of releases.slice(index)) await release()
    }
    try {
      for (const mail of mails) {
        const claim = await claimMail(
          db,
          { email: mail.to, ...requester },
          { now: now(), limits: { maxPerDay: maxMailsPerDay, ...config.auth.mailLimits } },
        )
        if (!claim.claimed) {
          const seconds = Math.ceil(claim.retryAfterMs / 1000)
          const headers = { 'Retry-After': String(seconds) }
          if (claim.limit === 'address') throw new ApiRefusal('EMAIL_LIMIT', EMAIL_LIMIT_MESSAGE, headers)
          throw new ApiRefusal(
            'RATE_LIMITED',
            `Too many login e-mails were asked for ${MAIL_LIMIT_WHO[claim.limit]} lately. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
            headers,
          )
        }
        releases.push(claim.release)
      }
    } catch (error) {
      await releaseFrom(0)
      throw error
    }
    for (const [index, mail] of mails.entries()) {
      try {
        await deliver(mail)
      } catch (error) {
        await releaseFrom(index)
        throw error
      }
    }
  }

  const requesterOf = (c: Context<AppEnv>, deviceId: string | undefined): MailRequester => ({
    clientIp: deps.clientIp(c),
    deviceId,
    projectId: c.get('project').id,
  })

  const sendLoginCode = async (
    c: Context<AppEnv>,
    email: string,
    deviceId: string,
    project: Project,
  ): Promise<void> => {
    const { codeKey } = requireKeys()
    const time = now()
    const issued = await issueCode(db, codeKey, {
      purpose: 'login',
      email,
      projectId: project.id,
      deviceId,
      now: time,
      ttlMs: otpTtlMs,
    })
    try {
      await send(requesterOf(c, deviceId), loginCodeMail(email, project.name, issued.code, otpTtlMs))
    } catch (error) {
      await deleteCodes(db, [issued.id])
      throw error
    }
  }

  /**
   * Mails a device-approval link, unless one for this device is still pending (a code entered
   * twice before the link is followed does not mail it twice).
   */
  const mailApprovalLink = async (
    c: Context<AppEnv>,
    userId: string,
    email: string,
    deviceId: string,
    project: Project,
  ): Promise<void> => {
    const { codeKey } = requireKeys()
    if (await hasPendingDeviceApproval(db, userId, deviceId, now())) return
    const token = await requestDeviceApproval(db, codeKey, {
      userId,
      deviceId,
      projectId: project.id,
      now: now(),
      ttlMs: otpTtlMs,
    })
    const link = `${publicUrl}${AUTH_DEVICE_APPROVE_PATH}?token=${token}`
    try {
      await send(requesterOf(c, deviceId), deviceApprovalMail(email, project.name, link, otpTtlMs))
    } catch (error) {
      await cancelDeviceApproval(db, codeKey, token)
      throw error
    }
  }

  /** The signed-in session of the request's bearer token, for this project; refuses otherwise. */
  const requireSession = async (
    c: Context<AppEnv>,
  ): Promise<{ token: string; session: StoredAuthSession }> => {
    const header = c.req.header('authorization')
    const cookie = getCookie(c, AUTH_SESSION_COOKIE)
    if (!header && !cookie) {
      throw sessionRefusal('No session token: send Authorization: Bearer <token>, or log in first.')
    }
    const token = header ? readBearerToken(header) : cookie
    if (!token || !isBearerToken(token)) {
      if (!header) deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
      throw sessionRefusal(
        'The session token is malformed: send Authorization: Bearer <the token of the login>.',
      )
    }
    const session = await findAuthSession(db, token)
    const refuse = (why: string): never => {
      // A cookie that no longer works is dropped, so the next page load does not try it again.
      if (!header) deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
      throw sessionRefusal(why)
    }
    if (!session) return refuse('The session token is unknown to this server: log in again.')
    const project = c.get('project')
    if (session.projectId !== project.id) {
      return refuse(`The session was made for another project, not for "${project.id}".`)
    }
    if (session.revokedAt) return refuse('The session was signed out: log in again.')
    if (session.expiresAt.getTime() <= now()) return refuse('The session has expired: log in again.')
    return { token, session }
  }

  const claimCooldown = async (email: string) => {
    const claim = await claimEmailCooldown(db, email, { now: now(), cooldownMs: emailCooldownMs })
    if (!claim.claimed) {
      const seconds = Math.ceil(claim.retryAfterMs / 1000)
      throw new ApiRefusal('EMAIL_COOLDOWN', `Please try again after ${seconds} seconds`, {
        'Retry-After': String(seconds),
      })
    }
    return claim
  }

  /**
   * The device of a request: the one its cookie names when it has one (a frame's storage may be
   * gone after a reload, the cookie is not), else the one in the body, which the cookie then keeps.
   */
  const deviceOf = (c: Context<AppEnv>, fromBody: string): string => {
    const cookie = getCookie(c, AUTH_DEVICE_COOKIE)
    if (cookie && DEVICE_ID.test(cookie)) return cookie
    setCookie(c, AUTH_DEVICE_COOKIE, fromBody, { ...FRAME_COOKIE, maxAge: DEVICE_COOKIE_MAX_AGE_S })
    return fromBody
  }

  app.use('/v1/auth/*', async (c, next) => {
    requireKeys()
    if (c.req.path === AUTH_DEVICE_APPROVE_PATH) return next()
    // Browsers send Origin on every cross-origin request, so another site's page is refused here. A
    // same-origin GET from the frame carries none; the frame names its origin in X-Portico-Origin,
    // and Sec-Fetch-Site (set by the browser, not by page scripts) vouches for it too.
    const origin = c.req.header('origin')
    const fromFrame =
      origin !== undefined
        ? origin === frameOrigin
        : c.req.header(ORIGIN_HEADER) === frameOrigin || c.req.header('sec-fetch-site') === 'same-origin'
    if (!fromFrame) {
      throw new ApiRefusal(
        'ORIGIN_NOT_ALLOWED',
        `The e-mail login answers only the embedded wallet's frame at ${frameOrigin}, not ${origin ?? 'a request without an Origin header'}. If the frame is served from another address, set publicUrl in the server config to it.`,
      )
    }
    return next()
  })

  // Answers for one site only, never with the project's list: any client that names the frame's
  // origin reaches this route, and which sites use a project is not a stranger's business.
  app.get('/v1/auth/frame-config', (c) => {
    const project = c.get('project')
    const asked = c.req.query('origin') ?? getCookie(c, frameParentCookie(project.id))
    const wildcard = project.allowedOrigins.includes('*')
    if (asked === undefined) {
      return c.json(
        authFrameConfigResponseSchema.parse({ allowed: wildcard, allowedOrigins: wildcard ? ['*'] : [] }),
      )
    }
    let origin: string | undefined
    try {
      origin = normaliseOrigin(asked)
    } catch (error) {
      if (!(error instanceof InvalidOriginError)) throw error
      throw new ApiRefusal('BAD_REQUEST', error.message)
    }
    const allowed = isOriginAllowed(project.allowedOrigins, origin)
    return c.json(authFrameConfigResponseSchema.parse({ allowed, allowedOrigins: allowed ? [origin] : [] }))
  })

  // Every address gets the same answer, the same mail (a code) and the same work: whether an
  // account has it, and whether this device is new to it, is told only to whoever proves the code
  // (POST /v1/auth/otp), so a stranger cannot test addresses here.
  app.post('/v1/auth/email', async (c) => {
    const body = await parseBody(c, authEmailRequestSchema, 'login request')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    const project = c.get('project')
    const claim = await claimCooldown(email)
    try {
      await sendLoginCode(c, email, deviceId, project)
      return c.json(authEmailResponseSchema.parse({ action: 'VERIFY_OTP' }))
    } catch (error) {
      // Nothing was mailed, so the person may ask again at once.
      await claim.release()
      throw error
    }
  })

  // Opening the link changes nothing: mail systems open every link of a mail to scan it, and
  // would approve a device nobody asked for. The page says what is asked and offers the button.
  app.get(AUTH_DEVICE_APPROVE_PATH, async (c) => {
    const { codeKey } = requireKeys()
    const token = c.req.query('token')
    if (!token || !APPROVAL_TOKEN.test(token)) return renderDeviceApprovalPage({ view: 'malformed' })
    const time = now()
    const found = await findDeviceApproval(db, codeKey, token, time)
    switch (found.status) {
      case 'pending':
        return renderDeviceApprovalPage({
          view: 'confirm',
          token,
          email: found.email,
          siteName: found.siteName,
          requestedAt: found.requestedAt,
          now: time,
        })
      case 'expired':
        return renderDeviceApprovalPage({ view: 'expired' })
      case 'unknown':
        return renderDeviceApprovalPage({ view: 'used' })
    }
  })

  // The page's button. A plain form post, so a mail client's browser sends it with Origin: null or
  // this server's origin and no project; the token in the body is what authorises it.
  app.post(AUTH_DEVICE_APPROVE_PATH, async (c) => {
    const { codeKey } = requireKeys()
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') return renderDeviceApprovalPage({ view: 'not-a-form' })
    const form = new URLSearchParams(await readBody(c.req.raw, APPROVAL_FORM_MAX_BYTES))
    const token = form.get('token')
    if (!token || !APPROVAL_TOKEN.test(token)) return renderDeviceApprovalPage({ view: 'malformed' })
    switch (await approveDeviceByToken(db, codeKey, token, now())) {
      case 'approved':
        return renderDeviceApprovalPage({ view: 'approved' })
      case 'expired':
        return renderDeviceApprovalPage({ view: 'expired' })
      case 'unknown':
        return renderDeviceApprovalPage({ view: 'used' })
    }
  })

  // Waits for the approval link of a device. An address without an account waits like any other
  // and is never approved, so the answer does not tell whether the address has one. The code
  // mailed before stays valid: once approved, the visitor enters it again.
  app.post('/v1/auth/device/wait', async (c) => {
    const body = await parseBody(c, authDeviceWaitRequestSchema, 'device wait request')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    // A transport limit, not a business rule: measured on the real clock, so an injected one cannot stall it.
    const deadline = performance.now() + deviceWaitMs
    const signal = c.req.raw.signal
    for (;;) {
      const user = await findUserByEmail(db, email)
      if (user && (await isDeviceApproved(db, user.id, deviceId))) {
        return c.json(authDeviceWaitResponseSchema.parse({ approved: true }))
      }
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) break
      try {
        await sleep(Math.min(DEVICE_POLL_MS, left), undefined, { signal })
      } catch {
        // The client went away: nobody reads the answer, so stop asking the database.
        break
      }
    }
    return c.json(authDeviceWaitResponseSchema.parse({ approved: false }))
  })

  app.post('/v1/auth/otp', async (c) => {
    const { codeKey } = requireKeys()
    const body = await parseBody(c, authOtpRequestSchema, 'code')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    const project = c.get('project')
    const stored = await findLatestCode(db, {
      purpose: 'login',
      email,
      projectId: project.id,
      deviceId,
    })
    if (!stored) {
      throw new ApiRefusal('OTP_INVALID', `No code was sent to ${email} for this device: ask for one first.`)
    }
    const check = await checkCode(db, codeKey, stored, body.otp, limits())
    if (check.result !== 'match') throw codeRefusal(check)
    // Only now, to someone who proved the code, may the server tell that the account exists: a
    // known account on a device it has not approved needs the approval link too. The code is not
    // used up, so it works again once the device is approved.
    const known = await findUserByEmail(db, email)
    if (known && !(await isDeviceApproved(db, known.id, deviceId))) {
      await mailApprovalLink(c, known.id, email, deviceId, project)
      throw new ApiRefusal(
        'DEVICE_NOT_APPROVED',
        `This device is new to this account: open the link just mailed to ${email}, approve the device, then enter the code again.`,
      )
    }
    const result = await db.transaction().execute(async (trx) => {
      const time = now()
      if (!(await consumeCode(trx, stored.id, { now: time, maxAttempts: otpAttempts }))) return undefined
      const { user, created } = await findOrCreateUser(trx, email, time)
      await approveDevice(trx, user.id, deviceId, time)
      const token = createBearerToken()
      await insertAuthSession(trx, token, {
        userId: user.id,
        projectId: project.id,
        deviceId,
        now: time,
        ttlMs: sessionTtlMs,
      })
      return { token, user, created }
    })
    // Another request used the code (or it ran out) between the check and now.
    if (!result) throw codeRefusal({ result: 'used' })
    setCookie(c, AUTH_SESSION_COOKIE, result.token, {
      ...FRAME_COOKIE,
      maxAge: Math.floor(sessionTtlMs / 1000),
    })
    return c.json(
      authOtpResponseSchema.parse({
        token: result.token,
        user: { id: result.user.id, email: result.user.email },
        isNewUser: result.created,
      }),
    )
  })

  app.get('/v1/auth/session', async (c) => {
    const { session } = await requireSession(c)
    return c.json(authSessionResponseSchema.parse({ user: { id: session.userId, email: session.email } }))
  })

  app.post('/v1/auth/signout', async (c) => {
    const { token } = await requireSession(c)
    await revokeAuthSession(db, token, now())
    deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
    return c.body(null, 204)
  })

  app.get('/v1/auth/wallet', async (c) => {
    const { wrapKey } = requireKeys()
    const { session } = await requireSession(c)
    let seed: Buffer | undefined
    try {
      seed = await readWalletSeed(db, wrapKey, session.userId)
    } catch (error) {
      if (!(error instanceof SeedDecryptionError)) throw error
      logger.error('wallet does not decrypt', { userId: session.userId, err: error })
      throw new ApiRefusal('INTERNAL', error.message)
    }
    const body = authWalletResponseSchema.parse({ seed: seed ? `0x${seed.toString('hex')}` : null })
    seed?.fill(0)
    return c.json(body)
  })

  app.put('/v1/auth/wallet', async (c) => {
    const { wrapKey } = requireKeys()
    const { session } = await requireSession(c)
    const body = await parseBody(c, authPutWalletRequestSchema, 'wallet')
    const seed = Buffer.from(body.seed.slice(2), 'hex')
    try {
      const stored = await storeWalletSeed(db, wrapKey, { userId: session.userId, seed, now: now() })
      if (!stored) {
        throw new ApiRefusal('WALLET_EXISTS', 'This account has a wallet already; it is never replaced.')
      }
    } finally {
      seed.fill(0)
    }
    return c.json(authPutWalletResponseSchema.parse({ stored: true }), 201)
  })

  app.post('/v1/auth/email/update', async (c) => {
    const { codeKey } = requireKeys()
    const { session } = await requireSession(c)
    const body = await parseBody(c, authUpdateEmailRequestSchema, 'e-mail change')
    const newEmail = emailOf(body.newEmail)
    if (newEmail === session.email) {
      throw new ApiRefusal('BAD_REQUEST', `${newEmail} is the account's e-mail already.`)
    }
    if (await findUserByEmail(db, newEmail)) {
      throw new ApiRefusal('EMAIL_TAKEN', `${newEmail} belongs to another account already.`)
    }
    const project = c.get('project')
    // Its own cool-down, per user: a change asked for right after a login mail is normal, and must
    // not delay a login with either address.
    const claim = await claimCooldown(`change:${session.userId}`)
    const issued: string[] = []
    try {
      const common = {
        projectId: project.id,
        userId: session.userId,
        newEmail,
        requestId: randomUUID(),
        now: now(),
        ttlMs: otpTtlMs,
      }
      const primary = await issueCode(db, codeKey, {
        ...common,
        purpose: 'update_primary',
        email: session.email,
      })
      issued.push(primary.id)
      const secondary = await issueCode(db, codeKey, {
        ...common,
        purpose: 'update_secondary',
        email: newEmail,
      })
      issued.push(secondary.id)
      const [toCurrent, toNew] = emailChangeMails(
        project.name,
        { to: session.email, code: primary.code },
        { to: newEmail, code: secondary.code },
      )
      await send(requesterOf(c, undefined), toCurrent, toNew)
    } catch (error) {
      await deleteCodes(db, issued)
      await claim.release()
      throw error
    }
    return c.json(authUpdateEmailResponseSchema.parse({ action: 'VERIFY_PRIMARY_OTP' }))
  })

  app.post('/v1/auth/email/update/primary', async (c) => {
    const { codeKey } = requireKeys()
    const { session } = await requireSession(c)
    const body = await parseBody(c, authUpdateEmailPrimaryRequestSchema, 'code')
    const stored = await findLatestCode(db, { purpose: 'update_primary', userId: session.userId })
    if (!stored) throw new ApiRefusal('OTP_INVALID', 'No e-mail change is pending: ask for one first.')
    const check = await checkCode(db, codeKey, stored, body.otp, limits())
    if (check.result !== 'match') throw codeRefusal(check)
    if (!(await consumeCode(db, stored.id, limits()))) throw codeRefusal({ result: 'used' })
    return c.json(authUpdateEmailPrimaryResponseSchema.parse({ action: 'VERIFY_SECONDARY_OTP' }))
  })

  app.post('/v1/auth/email/update/secondary', async (c) => {
    const { codeKey } = requireKeys()
    const { session } = await requireSession(c)
    const body = await parseBody(c, authUpdateEmailSecondaryRequestSchema, 'code')
    const stored = await findLatestCode(db, { purpose: 'update_secondary', userId: session.userId })
    if (!stored?.requestId || !stored.newEmail) {
      throw new ApiRefusal('OTP_INVALID', 'No e-mail change is pending: ask for one first.')
    }
    const primary = await findLatestCode(db, {
      purpose: 'update_primary',
      userId: session.userId,
      requestId: stored.requestId,
    })
    if (!primary?.usedAt) {
      // Not counted as a wrong try: the person entered the codes in the wrong order, not a guess.
      throw new ApiRefusal(
        'BAD_REQUEST',
        `Enter the code sent to the current address (${session.email}) first, then the one sent to ${stored.newEmail}.`,
      )
    }
    const check = await checkCode(db, codeKey, stored, body.otp, limits())
    if (check.result !== 'match') throw codeRefusal(check)
    const newEmail = stored.newEmail
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await consumeCode(trx, stored.id, limits()))) return 'used' as const
      if (!(await changeUserEmail(trx, session.userId, newEmail))) {
        throw new ApiRefusal('EMAIL_TAKEN', `${newEmail} was taken by another account meanwhile.`)
      }
      return 'changed' as const
    })
    if (outcome === 'used') throw codeRefusal({ result: 'used' })
    return c.json(authUpdateEmailSecondaryResponseSchema.parse({ email: newEmail }))
  })
}
