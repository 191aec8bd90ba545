import { randomBytes } from 'node:crypto'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  apiErrorSchema,
  authDeviceWaitResponseSchema,
  authEmailResponseSchema,
  authFrameConfigResponseSchema,
  authOtpResponseSchema,
  authSessionResponseSchema,
  authUpdateEmailPrimaryResponseSchema,
  authUpdateEmailResponseSchema,
  authUpdateEmailSecondaryResponseSchema,
  authWalletResponseSchema,
} from '@portico/core/api'
import { getFreePort } from '@portico/test'
import { type Kysely, sql } from 'kysely'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { type SmtpCatcher, startSmtpCatcher } from '../testing/smtpCatcher.testkit.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { EMAIL_LIMIT_MESSAGE } from './authMails.js'
import { AUTH_DEVICE_APPROVE_PATH } from './deviceApprovalRoutes.js'

const FRAME = 'https://wallet.portico.test'
const SITE = 'https://shop.example'
const SECOND = 1_000
const MINUTE = 60 * SECOND
const AUTH_TABLES = [
  'auth_users',
  'auth_devices',
  'auth_codes',
  'auth_sessions',
  'auth_wallets',
  'auth_email_cooldowns',
  'auth_mail_log',
] as const

const newDeviceId = () => randomBytes(16).toString('base64url')
const newSeed = () => `0x${randomBytes(32).toString('hex')}` as const
const codeOf = (subject: string) => {
  const code = /\b(\d{6})\b/.exec(subject)?.[1]
  if (!code) throw new Error(`No code in the subject "${subject}".`)
  return code
}

async function expectRefusal(response: Response, status: number, code: string): Promise<string> {
  const body = apiErrorSchema.parse(await response.json())
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code })
  return body.error.message
}

describe.each(ENGINES)('e-mail login routes on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let smtp: SmtpCatcher
  let config: ServerConfig
  let app: ReturnType<typeof createApp>
  // 2031-01-01: far from the machine's clock, so nothing passes by accident of real time.
  let time = Date.parse('2031-01-01T00:00:00.000Z')
  const now = () => time
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  const masterKey = randomBytes(32).toString('hex')
  let emailCount = 0
  const newEmail = () => `user${++emailCount}.${engine}@Mail.Example`

  const configWith = (auth: Record<string, unknown> = {}, smtpPort?: number) =>
    serverConfigSchema.parse({
      publicUrl: FRAME,
      auth: {
        masterKey,
        smtp: { host: '127.0.0.1', port: smtpPort ?? smtp.port, from: 'Portico <login@portico.test>' },
        deviceWaitMs: 3_000,
        // Every test here asks from one IP address and one project; the limits have their own test.
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

  const request = (
    method: string,
    path: string,
    {
      origin = FRAME,
      body,
      token,
      target = app,
      headers: extra = {},
    }: {
      origin?: string | null
      body?: unknown
      token?: string
      target?: ReturnType<typeof createApp>
      headers?: Record<string, string>
    } = {},
  ) => {
    const headers: Record<string, string> = { ...extra }
    if (origin !== null) headers.origin = origin
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    return target.request(`${path}?projectId=shop`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
  }

  const startLogin = async (email: string, deviceId: string, target = app) => {
    const response = await request('POST', '/v1/auth/email', { body: { email, deviceId }, target })
    expect(response.status).toBe(200)
    return authEmailResponseSchema.parse(await response.json()).action
  }

  const submitOtp = (email: string, deviceId: string, otp: string, target = app) =>
    request('POST', '/v1/auth/otp', { body: { email, deviceId, otp }, target })

  /** A whole login on a device the user may use: the mailed code, entered. */
  const login = async (email: string, deviceId: string) => {
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    const mail = await smtp.waitFor(email.toLowerCase())
    const response = await submitOtp(email, deviceId, codeOf(mail.subject))
    expect(response.status).toBe(200)
    return authOtpResponseSchema.parse(await response.json())
  }

  /** A code that is not `code`. */
  const wrongCode = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`

  /**
   * Starts a login on a device the account has not approved: the answer and mail are a code, as
   * for anyone; the code, once proved, is answered DEVICE_NOT_APPROVED and an approval link mailed.
   */
  const proveCodeOnNewDevice = async (email: string, deviceId: string) => {
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    const refused = await submitOtp(email, deviceId, code)
    expect(await expectRefusal(refused, 401, 'DEVICE_NOT_APPROVED')).toBe(
      `This device is new to this account: open the link just mailed to ${email.toLowerCase()}, approve the device, then enter the code again.`,
    )
    const approvalMail = await smtp.waitFor(email.toLowerCase())
    const link = /https:\/\/\S+/.exec(approvalMail.text)?.[0] ?? ''
    return { code, approvalMail, link }
  }

  const readSeed = async (token: string, target = app) => {
    const response = await request('GET', '/v1/auth/wallet', { token, target })
    expect(response.status).toBe(200)
    return authWalletResponseSchema.parse(await response.json()).seed
  }

  const storeSeed = (token: string, seed: string) =>
    request('PUT', '/v1/auth/wallet', { token, body: { seed } })

  it('logs a new user in with the code from the mail, stores a seed and hands the same seed back', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(`  ${email} `, deviceId)).toBe('VERIFY_OTP')
    const mail = await smtp.waitFor(email.toLowerCase())
    const code = codeOf(mail.subject)
    expect(mail.subject).toContain('Corner Shop')
    expect(mail.text).toContain('Corner Shop')
    expect(mail.text).toContain(code)

    const response = await submitOtp(email, deviceId, code)
    expect(response.status).toBe(200)
    const { token, user, isNewUser } = authOtpResponseSchema.parse(await response.json())
    expect(isNewUser).toBe(true)
    // The domain is lower-cased, the local part kept.
    expect(user.email).toBe(email.replace('@Mail.Example', '@mail.example'))
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const session = await request('GET', '/v1/auth/session', { token })
    expect(authSessionResponseSchema.parse(await session.json())).toEqual({ user })
    expect(await readSeed(token)).toBeNull()

    const seed = newSeed()
    const stored = await storeSeed(token, seed)
    expect(stored.status).toBe(201)
    expect(await readSeed(token)).toBe(seed)
    const again = await storeSeed(token, newSeed())
    await expectRefusal(again, 409, 'WALLET_EXISTS')
    expect(await readSeed(token)).toBe(seed)
  })

  it('asks a known user on a second device, once the code is proved, to approve it by the mailed link, then logs in with the same code and seed', async () => {
    const email = newEmail()
    const first = await login(email, newDeviceId())
    const seed = newSeed()
    expect((await storeSeed(first.token, seed)).status).toBe(201)
    time += 31 * SECOND

    const secondDevice = newDeviceId()
    expect(await startLogin(email, secondDevice)).toBe('VERIFY_OTP')
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    // A wrong code tells nothing of the account.
    await expectRefusal(await submitOtp(email, secondDevice, wrongCode(code)), 401, 'OTP_INVALID')
    await expectRefusal(await submitOtp(email, secondDevice, code), 401, 'DEVICE_NOT_APPROVED')
    const approvalMail = await smtp.waitFor(email.toLowerCase())
    expect(approvalMail.subject).toContain('Corner Shop')
    const link = /https:\/\/\S+/.exec(approvalMail.text)?.[0] ?? ''
    expect(link).toMatch(new RegExp(`^${FRAME}/v1/auth/device/approve\\?token=[A-Za-z0-9_-]{43}$`))
    // The code entered again before the link is followed mails no second link.
    const mailsBefore = smtp.messages.length
    await expectRefusal(await submitOtp(email, secondDevice, code), 401, 'DEVICE_NOT_APPROVED')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(smtp.messages.length).toBe(mailsBefore)

    // Mail systems open every link to scan it: opening it twice shows a page and approves nothing.
    const url = new URL(link)
    const token = url.searchParams.get('token') ?? ''
    for (const _ of [1, 2]) {
      // Opened from a mail client: no project, no Origin.
      const page = await app.request(`${url.pathname}${url.search}`)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toContain('text/html')
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
      expect(page.headers.get('cache-control')).toBe('no-store')
      expect(page.headers.get('content-security-policy')).toContain(
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
      )
      const html = await page.text()
      expect(html).toContain('Approve a new device?')
      expect(html).toContain('Corner Shop')
      // The address, masked: enough to recognise, not enough for a scanner to harvest.
      expect(html).toContain(`${email.slice(0, 2)}***@mail.example`)
      expect(html).not.toContain(email.split('@')[0])
      expect(html).toContain(`just now (${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC)`)
      expect(html).toMatch(/<form method="post" action="approve">/)
      expect(html).toContain(`<input type="hidden" name="token" value="${token}">`)
    }
    const pending = await submitOtp(email, secondDevice, code)
    await expectRefusal(pending, 401, 'DEVICE_NOT_APPROVED')
    const row = await db
      .selectFrom('auth_devices')
      .select('approved_at')
      .where('user_id', '=', first.user.id)
      .where('device_id', '=', secondDevice)
      .executeTakeFirstOrThrow()
    expect(row.approved_at).toBeNull()

    const approve = (
      body: string,
      { type = 'application/x-www-form-urlencoded', origin }: { type?: string; origin?: string } = {},
      search = '',
    ) =>
      app.request(`${AUTH_DEVICE_APPROVE_PATH}${search}`, {
        method: 'POST',
        headers: { 'content-type': type, ...(origin ? { origin } : {}) },
        body,
      })
    // Only the page's own form post approves: not JSON, and not a token in the query.
    const asJson = await approve(JSON.stringify({ token }), { type: 'application/json' })
    expect(asJson.status).toBe(415)
    const inQuery = await approve('', {}, `?token=${token}`)
    expect(inQuery.status).toBe(400)
    expect(await inQuery.text()).toContain('This link is not valid')
    await expectRefusal(await submitOtp(email, secondDevice, code), 401, 'DEVICE_NOT_APPROVED')

    const waiting = request('POST', '/v1/auth/device/wait', { body: { email, deviceId: secondDevice } })
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A form post from a mail client's browser: Origin null (or this server's), no project.
    const approved = await approve(new URLSearchParams({ token }).toString(), { origin: 'null' })
    expect(approved.status).toBe(200)
    expect(approved.headers.get('referrer-policy')).toBe('no-referrer')
    expect(await approved.text()).toContain('Device approved')

    const waited = await waiting
    expect(waited.status).toBe(200)
    expect(authDeviceWaitResponseSchema.parse(await waited.json())).toEqual({ approved: true })
    // The code mailed first works now that the device is approved.
    const response = await submitOtp(email, secondDevice, code)
    expect(response.status).toBe(200)
    const second = authOtpResponseSchema.parse(await response.json())
    expect(second.isNewUser).toBe(false)
    expect(second.user).toEqual(first.user)
    expect(await readSeed(second.token)).toBe(seed)

    const reused = await approve(`token=${token}`, { origin: FRAME })
    expect(reused.status).toBe(400)
    expect(await reused.text()).toContain('used already')
    const reopened = await app.request(`${url.pathname}${url.search}`)
    expect(reopened.status).toBe(400)
    expect(await reopened.text()).toContain('used already')
  })

  it('shows an expired approval link as expired, and its button does not approve the device', async () => {
    const email = newEmail()
    const { user } = await login(email, newDeviceId())
    time += 31 * SECOND
    const deviceId = newDeviceId()
    const link = new URL((await proveCodeOnNewDevice(email, deviceId)).link)
    time += 10 * MINUTE
    const page = await app.request(`${link.pathname}${link.search}`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('This link has expired')
    const posted = await app.request(AUTH_DEVICE_APPROVE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${link.searchParams.get('token')}`,
    })
    expect(posted.status).toBe(400)
    expect(await posted.text()).toContain('This link has expired')
    const row = await db
      .selectFrom('auth_devices')
      .select('approved_at')
      .where('user_id', '=', user.id)
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow()
    expect(row.approved_at).toBeNull()
  })

  /** The `name=value` and attributes of the Set-Cookie header for `name`. */
  const setCookieOf = (response: Response, name: string) => {
    const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`))
    if (!line) return undefined
    const [pair = '', ...attributes] = line.split(/;\s*/)
    return { value: pair.slice(name.length + 1), attributes: attributes.map((a) => a.toLowerCase()) }
  }

  it('keeps the session in a partitioned, HttpOnly cookie on the frame origin, which works without the bearer token', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    const mail = await smtp.waitFor(email.toLowerCase())
    const response = await submitOtp(email, deviceId, codeOf(mail.subject))
    const { token, user } = authOtpResponseSchema.parse(await response.json())
    const cookie = setCookieOf(response, 'portico_session')
    expect(cookie?.value).toBe(token)
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['path=/v1/auth', 'httponly', 'secure', 'samesite=none', 'partitioned']),
    )
    expect(cookie?.attributes).toContain(`max-age=${Math.floor(config.auth.sessionTtlMs / 1000)}`)

    const byCookie = await request('GET', '/v1/auth/session', {
      headers: { cookie: `portico_session=${token}` },
    })
    expect(authSessionResponseSchema.parse(await byCookie.json())).toEqual({ user })
    // The cookie does not let another site's page in: the Origin check comes first.
    const fromSite = await request('GET', '/v1/auth/wallet', {
      origin: SITE,
      headers: { cookie: `portico_session=${token}` },
    })
    await expectRefusal(fromSite, 403, 'ORIGIN_NOT_ALLOWED')

    const signOut = await request('POST', '/v1/auth/signout', {
      headers: { cookie: `portico_session=${token}` },
    })
    expect(signOut.status).toBe(204)
    expect(setCookieOf(signOut, 'portico_session')?.attributes).toContain('max-age=0')
    const after = await request('GET', '/v1/auth/session', {
      headers: { cookie: `portico_session=${token}` },
    })
    await expectRefusal(after, 401, 'AUTH_SESSION_INVALID')
    // A cookie that no longer works is dropped, so a later page load does not try it again.
    expect(setCookieOf(after, 'portico_session')?.attributes).toContain('max-age=0')
  })

  it('remembers the device in a cookie, so a frame that lost its storage is still the approved device', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const first = await request('POST', '/v1/auth/email', { body: { email, deviceId } })
    const cookie = setCookieOf(first, 'portico_device')
    expect(cookie?.value).toBe(deviceId)
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['path=/v1/auth', 'httponly', 'secure', 'samesite=none', 'partitioned']),
    )
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    // The frame was reloaded and made up a new id: the cookie still names the approved device.
    const forgotten = newDeviceId()
    const deviceCookie = { cookie: `portico_device=${deviceId}` }
    const otp = await request('POST', '/v1/auth/otp', {
      body: { email, deviceId: forgotten, otp: code },
      headers: deviceCookie,
    })
    expect(otp.status).toBe(200)
    time += 31 * SECOND
    const again = await request('POST', '/v1/auth/email', {
      body: { email, deviceId: newDeviceId() },
      headers: deviceCookie,
    })
    expect(authEmailResponseSchema.parse(await again.json()).action).toBe('VERIFY_OTP')
    expect(setCookieOf(again, 'portico_device')).toBeUndefined()
    await smtp.waitFor(email.toLowerCase())
    // Without the cookie, the made-up id is a new device that must be approved.
    time += 31 * SECOND
    await proveCodeOnNewDevice(email, newDeviceId())
  })

  it('answers approved: false when the link is not followed within deviceWaitMs, and the same for an address without an account', async () => {
    const email = newEmail()
    await login(email, newDeviceId())
    time += 31 * SECOND
    const deviceId = newDeviceId()
    await proveCodeOnNewDevice(email, deviceId)
    for (const address of [email, newEmail()]) {
      const started = performance.now()
      const waited = await request('POST', '/v1/auth/device/wait', { body: { email: address, deviceId } })
      expect(waited.status).toBe(200)
      expect(authDeviceWaitResponseSchema.parse(await waited.json())).toEqual({ approved: false })
      expect(performance.now() - started).toBeGreaterThanOrEqual(2_900)
    }
  })

  it('answers a known address and an unknown one alike: same status, body, cookies and mail, whatever the code', async () => {
    const known = newEmail()
    await login(known, newDeviceId())
    time += 31 * SECOND
    const unknown = newEmail()
    const answers = []
    for (const email of [known, unknown]) {
      const deviceId = newDeviceId()
      const response = await request('POST', '/v1/auth/email', { body: { email, deviceId } })
      const mail = await smtp.waitFor(email.toLowerCase())
      const wrong = await submitOtp(email, deviceId, wrongCode(codeOf(mail.subject)))
      answers.push({
        status: response.status,
        body: await response.json(),
        cookies: response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]),
        subject: mail.subject.replace(/\d{6}/, '<code>'),
        text: mail.text.replace(/\d{6}/g, '<code>').replace(email.toLowerCase(), '<address>'),
        wrong: { status: wrong.status, body: await wrong.json() },
      })
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]?.body).toEqual({ action: 'VERIFY_OTP' })
  })

  it('counts wrong codes, locks the code on the fifth, and then refuses even the right one', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    const wrong = code === '000000' ? '111111' : '000000'
    for (const left of [4, 3, 2, 1]) {
      const message = await expectRefusal(await submitOtp(email, deviceId, wrong), 401, 'OTP_INVALID')
      expect(message).toContain(`${left} ${left === 1 ? 'try' : 'tries'} left`)
    }
    await expectRefusal(await submitOtp(email, deviceId, wrong), 429, 'OTP_ATTEMPTS_EXCEEDED')
    await expectRefusal(await submitOtp(email, deviceId, code), 429, 'OTP_ATTEMPTS_EXCEEDED')
  })

  it('refuses a code after its 10 minutes', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    time += 10 * MINUTE
    await expectRefusal(await submitOtp(email, deviceId, code), 401, 'OTP_EXPIRED')
  })

  it('refuses a code used once already', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    expect((await submitOtp(email, deviceId, code)).status).toBe(200)
    const message = await expectRefusal(await submitOtp(email, deviceId, code), 401, 'OTP_INVALID')
    expect(message).toContain('used already')
  })

  it('refuses a second login mail within 30 s with the exact message and Retry-After, and sends one after', async () => {
    const email = newEmail()
    await startLogin(email, newDeviceId())
    await smtp.waitFor(email.toLowerCase())
    const sent = smtp.messages.length
    time += 10_500
    const refused = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
    expect(refused.headers.get('retry-after')).toBe('20')
    expect(await expectRefusal(refused, 429, 'EMAIL_COOLDOWN')).toBe('Please try again after 20 seconds')
    time += 19_400
    const last = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
    expect(last.headers.get('retry-after')).toBe('1')
    expect(await expectRefusal(last, 429, 'EMAIL_COOLDOWN')).toBe('Please try again after 1 seconds')
    expect(smtp.messages.length).toBe(sent)
    time += 100
    expect(await startLogin(email, newDeviceId())).toBe('VERIFY_OTP')
  })

  it('answers 502 MAIL_FAILED when the SMTP server is down, and does not start the cool-down', async () => {
    const downApp = createApp({ config: configWith({}, await getFreePort()), db, logger, now })
    const email = newEmail()
    const deviceId = newDeviceId()
    const failed = await request('POST', '/v1/auth/email', { body: { email, deviceId }, target: downApp })
    const message = await expectRefusal(failed, 502, 'MAIL_FAILED')
    expect(message).toContain('could not be sent')
    // The same database, so the same cool-down: the person may ask again at once.
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    expect(
      await db
        .selectFrom('auth_codes')
        .select('id')
        .where('email', '=', email.replace('Mail.Example', 'mail.example'))
        .execute(),
    ).toHaveLength(1)
  })

  it('refuses a fourth mail to an address in 24 h with EMAIL_LIMIT and Retry-After, and sends again once the first leaves the window', async () => {
    const capped = createApp({ config: configWith({ maxMailsPerDay: 3 }), db, logger, now })
    const email = newEmail()
    const address = email.toLowerCase()
    const firstAt = time
    for (const _ of [1, 2, 3]) {
      expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
      await smtp.waitFor(address)
      time += 1 * MINUTE
    }
    const sent = smtp.messages.length
    const refused = await request('POST', '/v1/auth/email', {
      body: { email: ` ${email} `, deviceId: newDeviceId() },
      target: capped,
    })
    expect(await expectRefusal(refused, 429, 'EMAIL_LIMIT')).toBe(
      'Too many e-mails were sent to this address today. Please try again tomorrow.',
    )
    expect(EMAIL_LIMIT_MESSAGE).toBe(
      'Too many e-mails were sent to this address today. Please try again tomorrow.',
    )
    expect(refused.headers.get('retry-after')).toBe(String((firstAt + 24 * 60 * MINUTE - time) / 1000))
    expect(smtp.messages.length).toBe(sent)
    // Another address is not held back by this one.
    const other = newEmail()
    expect(await startLogin(other, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await smtp.waitFor(other.toLowerCase())

    // The refusal did not start the cool-down: once the first mail is 24 h old, one more goes out.
    time = firstAt + 24 * 60 * MINUTE - SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
    time = firstAt + 24 * 60 * MINUTE
    expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await smtp.waitFor(address)
    time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
  })

  it('normalises the address (case, spaces) before the cool-down, the daily cap and every lookup', async () => {
    const deviceId = newDeviceId()
    const local = `Case.Mixed${++emailCount}.${engine}`
    const first = await login(`${local}@Mail.Example`, deviceId)
    expect(first.user.email).toBe(`${local.toLowerCase()}@mail.example`)
    expect(first.isNewUser).toBe(true)
    // The same inbox in another case is the same address: its cool-down is running.
    const again = await request('POST', '/v1/auth/email', {
      body: { email: ` ${local.toUpperCase()}@MAIL.EXAMPLE `, deviceId },
    })
    await expectRefusal(again, 429, 'EMAIL_COOLDOWN')
    time += 31 * SECOND
    const second = await login(`${local.toLowerCase()}@mail.example`, deviceId)
    expect(second.isNewUser).toBe(false)
    expect(second.user).toEqual(first.user)
    const stored = await db
      .selectFrom('auth_mail_log')
      .select('email')
      .where(sql<string>`lower(email)`, '=', first.user.email)
      .execute()
    expect(stored).toEqual([{ email: first.user.email }, { email: first.user.email }])
  })

  it('limits the mails one IP, one device and one project ask for, whatever the addresses, with 429 and Retry-After', async () => {
    const limited = createApp({
      config: serverConfigSchema.parse({
        ...configWith({ mailLimits: { windowMs: 60 * MINUTE, perIp: 4, perDevice: 2, perProject: 6 } }),
        trustProxy: true,
      }),
      db,
      logger,
      now,
    })
    // A project of its own, so the mails of the other tests do not count.
    await addProject(db, { id: 'limits', name: 'Limits', origins: [SITE] })
    const ask = (deviceId: string, ip: string, email = newEmail()) =>
      limited.request('/v1/auth/email?projectId=limits', {
        method: 'POST',
        // A client without a browser: no Origin, naming the frame instead.
        headers: { 'x-portico-origin': FRAME, 'x-forwarded-for': ip, 'content-type': 'application/json' },
        body: JSON.stringify({ email, deviceId }),
      })
    const startedAt = time
    const sent = () => smtp.messages.length
    const device = newDeviceId()
    for (const _ of [1, 2]) expect((await ask(device, '198.51.100.1')).status).toBe(200)
    let before = sent()
    const byDevice = await ask(device, '198.51.100.1')
    expect(await expectRefusal(byDevice, 429, 'RATE_LIMITED')).toBe(
      'Too many login e-mails were asked for from this device lately. Please try again in 60 minutes.',
    )
    expect(byDevice.headers.get('retry-after')).toBe('3600')
    for (const _ of [1, 2]) expect((await ask(newDeviceId(), '198.51.100.1')).status).toBe(200)
    before = sent()
    const byIp = await ask(newDeviceId(), '198.51.100.1')
    expect(await expectRefusal(byIp, 429, 'RATE_LIMITED')).toContain('from this network')
    for (const _ of [1, 2]) expect((await ask(newDeviceId(), '198.51.100.2')).status).toBe(200)
    const byProject = await ask(newDeviceId(), '198.51.100.3')
    expect(await expectRefusal(byProject, 429, 'RATE_LIMITED')).toContain('on this site')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(sent()).toBe(before + 2)

    // A refused address was not held back by a cool-down: it may ask again once the window moves on.
    const refusedAddress = newEmail()
    await expectRefusal(await ask(newDeviceId(), '198.51.100.3', refusedAddress), 429, 'RATE_LIMITED')
    time = startedAt + 60 * MINUTE
    expect((await ask(newDeviceId(), '198.51.100.3', refusedAddress)).status).toBe(200)
    await smtp.waitFor(refusedAddress.toLowerCase())
  })

  it('does not count a mail that failed to send against the daily cap', async () => {
    const email = newEmail()
    const down = createApp({
      config: configWith({ maxMailsPerDay: 1 }, await getFreePort()),
      db,
      logger,
      now,
    })
    for (const _ of [1, 2]) {
      const failed = await request('POST', '/v1/auth/email', {
        body: { email, deviceId: newDeviceId() },
        target: down,
      })
      await expectRefusal(failed, 502, 'MAIL_FAILED')
    }
    const capped = createApp({ config: configWith({ maxMailsPerDay: 1 }), db, logger, now })
    expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await smtp.waitFor(email.toLowerCase())
    time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
  })

  it('counts the two mails of an e-mail change each for its own address, and sends neither when one is over the cap', async () => {
    const capped = createApp({ config: configWith({ maxMailsPerDay: 2 }), db, logger, now })
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(email, deviceId, capped)).toBe('VERIFY_OTP')
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    const { token, user } = authOtpResponseSchema.parse(
      await (await submitOtp(email, deviceId, code, capped)).json(),
    )
    const first = `first.${newEmail()}`
    // The current address's second mail today, the new address's first.
    const started = await request('POST', '/v1/auth/email/update', {
      token,
      body: { newEmail: first },
      target: capped,
    })
    expect(started.status).toBe(200)
    await smtp.waitFor(user.email)
    await smtp.waitFor(first.toLowerCase())

    time += 31 * SECOND
    const second = `second.${newEmail()}`
    const sent = smtp.messages.length
    const refused = await request('POST', '/v1/auth/email/update', {
      token,
      body: { newEmail: second },
      target: capped,
    })
    await expectRefusal(refused, 429, 'EMAIL_LIMIT')
    expect(smtp.messages.length).toBe(sent)
    // The new address's mail was not counted either: it still has both of its mails today.
    for (const _ of [1, 2]) {
      expect(await startLogin(second, newDeviceId(), capped)).toBe('VERIFY_OTP')
      await smtp.waitFor(second.toLowerCase())
      time += 31 * SECOND
    }
    // And the first new address has one left.
    expect(await startLogin(first, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await smtp.waitFor(first.toLowerCase())
    time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', {
        body: { email: first, deviceId: newDeviceId() },
        target: capped,
      }),
      429,
      'EMAIL_LIMIT',
    )
  })

  it('keeps no plain seed, code or token in any auth table, and another master key cannot decrypt the seed', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await smtp.waitFor(email.toLowerCase())).subject)
    const { token } = authOtpResponseSchema.parse(await (await submitOtp(email, deviceId, code)).json())
    const seed = newSeed()
    expect((await storeSeed(token, seed)).status).toBe(201)

    const bytes = Buffer.from(seed.slice(2), 'hex')
    const forms = [
      seed.slice(2),
      seed.slice(2).toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('latin1'),
      code,
      token,
    ]
    let rows = 0
    for (const table of AUTH_TABLES) {
      const found = await db.selectFrom(table).selectAll().execute()
      rows += found.length
      const dump = JSON.stringify(found)
      for (const form of forms) expect(dump, `${table} holds a secret`).not.toContain(form)
      for (const row of found) {
        for (const value of Object.values(row)) {
          if (value instanceof Uint8Array) expect(Buffer.from(value).includes(bytes)).toBe(false)
        }
      }
    }
    expect(rows).toBeGreaterThan(0)

    const otherKey = createApp({
      config: configWith({ masterKey: randomBytes(32).toString('base64') }),
      db,
      logger,
      now,
    })
    const response = await request('GET', '/v1/auth/wallet', { token, target: otherKey })
    const message = await expectRefusal(response, 500, 'INTERNAL')
    expect(message).toContain('master key')
    expect(await readSeed(token)).toBe(seed)
  })

  it("refuses a site's origin and requests without an origin, and keeps the frame origin off other paths", async () => {
    const email = newEmail()
    const { token } = await login(email, newDeviceId())
    time += 31 * SECOND
    const fromSite = await request('POST', '/v1/auth/email', {
      origin: SITE,
      body: { email, deviceId: newDeviceId() },
    })
    expect(await expectRefusal(fromSite, 403, 'ORIGIN_NOT_ALLOWED')).toContain(FRAME)
    await expectRefusal(
      await request('GET', '/v1/auth/wallet', { origin: SITE, token }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
    await expectRefusal(
      await request('GET', '/v1/auth/wallet', { origin: null, token }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
    const evil = await request('GET', '/v1/auth/wallet', { origin: 'https://evil.example', token })
    await expectRefusal(evil, 403, 'ORIGIN_NOT_ALLOWED')
    // A same-origin GET from the frame carries no Origin; it names its origin instead.
    const named = await request('GET', '/v1/auth/session', {
      origin: null,
      token,
      headers: { 'x-portico-origin': FRAME },
    })
    expect(named.status).toBe(200)
    const sameOrigin = await request('GET', '/v1/auth/session', {
      origin: null,
      token,
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(sameOrigin.status).toBe(200)
    // The frame is not one of the project's sites.
    const siwx = await request('POST', '/v1/siwx/nonce', { body: {} })
    await expectRefusal(siwx, 403, 'ORIGIN_NOT_ALLOWED')
  })

  it('says whether the site embedding the frame may use it, and never lists the project’s sites', async () => {
    const frameDir = await mkdtemp(join(tmpdir(), 'portico-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    const withFrame = createApp({ config: { ...config, frame: { dir: frameDir } }, db, logger, now })
    const frameConfig = async (search: string, headers: Record<string, string> = {}) => {
      const response = await withFrame.request(`/v1/auth/frame-config?projectId=shop${search}`, {
        headers: { origin: FRAME, ...headers },
      })
      expect(response.status).toBe(200)
      return authFrameConfigResponseSchema.parse(await response.json())
    }
    // Any client naming the frame's origin gets here: it learns nothing of the list.
    expect(await frameConfig('')).toEqual({ allowed: false, allowedOrigins: [] })
    expect(await frameConfig('&origin=https://evil.example')).toEqual({ allowed: false, allowedOrigins: [] })
    expect(await frameConfig(`&origin=${encodeURIComponent(SITE)}`)).toEqual({
      allowed: true,
      allowedOrigins: [SITE],
    })
    // The frame's own script names no site: the page load told the server which one embeds it.
    const page = await withFrame.request('/frame/?projectId=shop', {
      headers: { referer: `${SITE}/checkout` },
    })
    const cookie = /portico_frame_parent_shop=[^;]+/.exec(page.headers.get('set-cookie') ?? '')?.[0]
    expect(page.headers.get('set-cookie')).toContain('Partitioned')
    expect(page.headers.get('set-cookie')).toContain('HttpOnly')
    expect(cookie).toBeDefined()
    expect(await frameConfig('', { cookie: cookie ?? '' })).toEqual({ allowed: true, allowedOrigins: [SITE] })
    const badOrigin = await app.request('/v1/auth/frame-config?projectId=shop&origin=javascript:1', {
      headers: { origin: FRAME },
    })
    await expectRefusal(badOrigin, 400, 'BAD_REQUEST')
    await expectRefusal(
      await request('GET', '/v1/auth/frame-config', { origin: SITE }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
  })

  it('answers 401 for the wallet without a token, with a malformed one and with an unknown one', async () => {
    const none = await request('GET', '/v1/auth/wallet')
    expect(await expectRefusal(none, 401, 'AUTH_SESSION_INVALID')).toContain('No session token')
    await expectRefusal(
      await request('GET', '/v1/auth/wallet', { token: 'nope' }),
      401,
      'AUTH_SESSION_INVALID',
    )
    const unknown = randomBytes(32).toString('base64url')
    await expectRefusal(
      await request('GET', '/v1/auth/wallet', { token: unknown }),
      401,
      'AUTH_SESSION_INVALID',
    )
    await expectRefusal(await storeSeed(unknown, newSeed()), 401, 'AUTH_SESSION_INVALID')
  })

  it('refuses an address that is not one with EMAIL_INVALID', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'space in@example.com']) {
      const response = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
      await expectRefusal(response, 400, 'EMAIL_INVALID')
    }
  })

  it('changes the e-mail with the code to the current address, then the one to the new address', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const { token, user } = await login(email, deviceId)
    const seed = newSeed()
    expect((await storeSeed(token, seed)).status).toBe(201)
    const taken = newEmail()
    await login(taken, newDeviceId())
    const refusedTaken = await request('POST', '/v1/auth/email/update', { token, body: { newEmail: taken } })
    await expectRefusal(refusedTaken, 409, 'EMAIL_TAKEN')

    const next = `changed.${newEmail()}`
    const started = await request('POST', '/v1/auth/email/update', { token, body: { newEmail: next } })
    expect(started.status).toBe(200)
    expect(authUpdateEmailResponseSchema.parse(await started.json())).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    const primaryCode = codeOf((await smtp.waitFor(user.email)).subject)
    const secondaryMail = await smtp.waitFor(next.toLowerCase())
    expect(secondaryMail.subject).toContain('Corner Shop')
    const secondaryCode = codeOf(secondaryMail.subject)

    const outOfOrder = await request('POST', '/v1/auth/email/update/secondary', {
      token,
      body: { otp: secondaryCode },
    })
    expect(await expectRefusal(outOfOrder, 400, 'BAD_REQUEST')).toContain('first')
    const primary = await request('POST', '/v1/auth/email/update/primary', {
      token,
      body: { otp: primaryCode },
    })
    expect(authUpdateEmailPrimaryResponseSchema.parse(await primary.json())).toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    const secondary = await request('POST', '/v1/auth/email/update/secondary', {
      token,
      body: { otp: secondaryCode },
    })
    const changed = authUpdateEmailSecondaryResponseSchema.parse(await secondary.json())
    const expected = next.replace('@Mail.Example', '@mail.example')
    expect(changed).toEqual({ email: expected })

    // The session stays, under the new address.
    const session = authSessionResponseSchema.parse(
      await (await request('GET', '/v1/auth/session', { token })).json(),
    )
    expect(session.user).toEqual({ id: user.id, email: expected })
    const again = await login(next, deviceId)
    expect(again.isNewUser).toBe(false)
    expect(again.user.id).toBe(user.id)
    expect(await readSeed(again.token)).toBe(seed)
  })

  it('ends the session on sign-out', async () => {
    const { token } = await login(newEmail(), newDeviceId())
    expect((await request('POST', '/v1/auth/signout', { token })).status).toBe(204)
    const after = await request('GET', '/v1/auth/session', { token })
    expect(await expectRefusal(after, 401, 'AUTH_SESSION_INVALID')).toContain('signed out')
    await expectRefusal(await request('GET', '/v1/auth/wallet', { token }), 401, 'AUTH_SESSION_INVALID')
  })

  it('answers 503 with how to set a master key when there is none, and takes one from PORTICO_MASTER_KEY', async () => {
    vi.stubEnv('PORTICO_MASTER_KEY', '')
    const { masterKey: _, ...withoutKey } = configWith().auth
    const keyless = createApp({ config: { ...config, auth: withoutKey }, db, logger, now })
    const response = await request('POST', '/v1/auth/email', {
      body: { email: newEmail(), deviceId: newDeviceId() },
      target: keyless,
    })
    const message = await expectRefusal(response, 503, 'UNAVAILABLE')
    expect(message).toContain('PORTICO_MASTER_KEY')
    expect(message).toContain('auth.masterKey')

    vi.stubEnv('PORTICO_MASTER_KEY', masterKey)
    const fromEnv = createApp({ config: { ...config, auth: withoutKey }, db, logger, now })
    const email = newEmail()
    expect(await startLogin(email, newDeviceId(), fromEnv)).toBe('VERIFY_OTP')
    await smtp.waitFor(email.toLowerCase())
  })
})
