/**
 * The setup the e-mail login's route tests share: on each engine, a migrated database with the
 * project `shop`, an SMTP catcher, the app with a clock the test moves, and the requests a frame
 * makes (start a login, enter the code, read and store the seed).
 */
import { randomBytes } from 'node:crypto'
import {
  apiErrorSchema,
  authEmailResponseSchema,
  authOtpResponseSchema,
  authWalletResponseSchema,
} from '@portico/core/api'
import type { Kysely } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, vi } from 'vitest'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger, type Logger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { type SmtpCatcher, startSmtpCatcher } from '../testing/smtpCatcher.testkit.js'
import { createMigratedDatabase, ENGINES, type Engine, type TestDatabase } from '../testing/testDatabase.js'

export const FRAME = 'https://wallet.portico.test'
export const SITE = 'https://shop.example'
export const SECOND = 1_000
export const MINUTE = 60 * SECOND
export const AUTH_TABLES = [
  'auth_users',
  'auth_devices',
  'auth_codes',
  'auth_sessions',
  'auth_wallets',
  'auth_email_cooldowns',
  'auth_mail_log',
] as const

export type App = ReturnType<typeof createApp>

export const newDeviceId = () => randomBytes(16).toString('base64url')
export const newSeed = () => `0x${randomBytes(32).toString('hex')}` as const
export const codeOf = (subject: string) => {
  const code = /\b(\d{6})\b/.exec(subject)?.[1]
  if (!code) throw new Error(`No code in the subject "${subject}".`)
  return code
}
/** A code that is not `code`. */
export const wrongCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`

export async function expectRefusal(response: Response, status: number, code: string): Promise<string> {
  const body = apiErrorSchema.parse(await response.json())
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code })
  return body.error.message
}

/** The `name=value` and attributes of the Set-Cookie header for `name`. */
export const setCookieOf = (response: Response, name: string) => {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
  if (!line) return undefined
  const [pair = '', ...attributes] = line.split(/;\s*/)
  return { value: pair.slice(name.length + 1), attributes: attributes.map((a) => a.toLowerCase()) }
}

export interface RequestOptions {
  /** `null` sends no Origin header; the frame's origin by default. */
  origin?: string | null
  body?: unknown
  token?: string
  target?: App
  headers?: Record<string, string>
  /** Ends a request that waits on the server (a finish, a connect), as a closed connection would. */
  signal?: AbortSignal
}

export interface AuthRoutesHarness {
  readonly engine: Engine
  readonly db: Kysely<Database>
  readonly app: App
  readonly smtp: SmtpCatcher
  readonly config: ServerConfig
  readonly logger: Logger
  readonly masterKey: string
  /** The server's clock, in ms; tests move it forward (or set it) instead of waiting. */
  time: number
  readonly now: () => number
  /** A fresh number, so each address of a run is new on a database the file shares. */
  nextNumber(): number
  /** A new address, with a mixed-case domain the server lower-cases. */
  newEmail(): string
  /** The test config with `auth` fields replaced, and the SMTP catcher's port (or another). */
  configWith(auth?: Record<string, unknown>, smtpPort?: number): ServerConfig
  /** Another app on the same database, logger and clock. */
  appWith(config: ServerConfig): App
  /** A request to `path` of project `shop`, from the frame's origin unless told otherwise. */
  request(method: string, path: string, options?: RequestOptions): Promise<Response>
  startLogin(email: string, deviceId: string, target?: App): Promise<string>
  submitOtp(email: string, deviceId: string, otp: string, target?: App): Promise<Response>
  /** A whole login on a device the user may use: the mailed code, entered. */
  login(email: string, deviceId: string): Promise<ReturnType<typeof authOtpResponseSchema.parse>>
  /**
   * Starts a login on a device the account has not approved: the answer and mail are a code, as
   * for anyone; the code, once proved, is answered DEVICE_NOT_APPROVED and an approval link mailed.
   */
  proveCodeOnNewDevice(
    email: string,
    deviceId: string,
  ): Promise<{ code: string; approvalMail: Awaited<ReturnType<SmtpCatcher['waitFor']>>; link: string }>
  readSeed(token: string, target?: App): Promise<string | null>
  storeSeed(token: string, seed: string): Promise<Response>
}

/**
 * `describe`s `tests` once per database engine, each run with its own database, SMTP catcher and
 * clock (set far from the machine's, so nothing passes by accident of real time).
 */
export function describeAuthRoutes(title: string, tests: (auth: AuthRoutesHarness) => void): void {
  describe.each(ENGINES)(`${title} on %s`, (engine) => {
    tests(useAuthRoutes(engine))
  })
}

function useAuthRoutes(engine: Engine): AuthRoutesHarness {
  let database: TestDatabase | undefined
  let db: Kysely<Database> | undefined
  let smtp: SmtpCatcher | undefined
  let config: ServerConfig | undefined
  let app: App | undefined
  // 2031-01-01: far from the machine's clock.
  let time = Date.parse('2031-01-01T00:00:00.000Z')
  const now = () => time
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const masterKey = randomBytes(32).toString('hex')
  let count = 0

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The auth routes' ${what} is used before beforeAll set it up.`)
    return value
  }

  const configWith = (auth: Record<string, unknown> = {}, smtpPort?: number) =>
    serverConfigSchema.parse({
      publicUrl: FRAME,
      auth: {
        masterKey,
        smtp: {
          host: '127.0.0.1',
          port: smtpPort ?? ready(smtp, 'SMTP catcher').port,
          from: 'Portico <login@portico.test>',
        },
        deviceWaitMs: 3_000,
        // Every test asks from one IP address and one project; the limits have their own test.
        mailLimits: { perIp: 10_000, perDevice: 10_000, perProject: 10_000 },
        ...auth,
      },
    })

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', name: 'Corner Shop', origins: [SITE] })
    smtp = await startSmtpCatcher()
    config = configWith()
    app = createApp({ config, db, logger, now })
  }, 120_000)
  afterAll(async () => {
    await smtp?.close()
    await db?.destroy()
    await database?.drop()
  })
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  const harness: AuthRoutesHarness = {
    engine,
    get db() {
      return ready(db, 'database')
    },
    get app() {
      return ready(app, 'app')
    },
    get smtp() {
      return ready(smtp, 'SMTP catcher')
    },
    get config() {
      return ready(config, 'config')
    },
    logger,
    masterKey,
    get time() {
      return time
    },
    set time(value: number) {
      time = value
    },
    now,
    nextNumber: () => ++count,
    newEmail: () => `user${++count}.${engine}@Mail.Example`,
    configWith,
    appWith: (appConfig) => createApp({ config: appConfig, db: harness.db, logger, now }),
    request: (
      method,
      path,
      { origin = FRAME, body, token, target = harness.app, headers: extra = {}, signal } = {},
    ) => {
      const headers: Record<string, string> = { ...extra }
      if (origin !== null) headers.origin = origin
      if (body !== undefined) headers['content-type'] = 'application/json'
      if (token !== undefined) headers.authorization = `Bearer ${token}`
      return Promise.resolve(
        target.request(`${path}?projectId=shop`, {
          method,
          headers,
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          ...(signal ? { signal } : {}),
        }),
      )
    },
    startLogin: async (email, deviceId, target = harness.app) => {
      const response = await harness.request('POST', '/v1/auth/email', { body: { email, deviceId }, target })
      expect(response.status).toBe(200)
      return authEmailResponseSchema.parse(await response.json()).action
    },
    submitOtp: (email, deviceId, otp, target = harness.app) =>
      harness.request('POST', '/v1/auth/otp', { body: { email, deviceId, otp }, target }),
    login: async (email, deviceId) => {
      expect(await harness.startLogin(email, deviceId)).toBe('VERIFY_OTP')
      const mail = await harness.smtp.waitFor(email.toLowerCase())
      const response = await harness.submitOtp(email, deviceId, codeOf(mail.subject))
      expect(response.status).toBe(200)
      return authOtpResponseSchema.parse(await response.json())
    },
    proveCodeOnNewDevice: async (email, deviceId) => {
      expect(await harness.startLogin(email, deviceId)).toBe('VERIFY_OTP')
      const code = codeOf((await harness.smtp.waitFor(email.toLowerCase())).subject)
      const refused = await harness.submitOtp(email, deviceId, code)
      expect(await expectRefusal(refused, 401, 'DEVICE_NOT_APPROVED')).toBe(
        `This device is new to this account: open the link just mailed to ${email.toLowerCase()}, approve the device, then enter the code again.`,
      )
      const approvalMail = await harness.smtp.waitFor(email.toLowerCase())
      const link = /https:\/\/\S+/.exec(approvalMail.text)?.[0] ?? ''
      return { code, approvalMail, link }
    },
    readSeed: async (token, target = harness.app) => {
      const response = await harness.request('GET', '/v1/auth/wallet', { token, target })
      expect(response.status).toBe(200)
      return authWalletResponseSchema.parse(await response.json()).seed
    },
    storeSeed: (token, seed) => harness.request('PUT', '/v1/auth/wallet', { token, body: { seed } }),
  }
  return harness
}
