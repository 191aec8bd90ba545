import {
  authDeviceWaitResponseSchema,
  authEmailResponseSchema,
  authOtpResponseSchema,
  authSessionResponseSchema,
} from '@portico/core/api'
import { getFreePort } from '@portico/test'
import { sql } from 'kysely'
import { expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import { addProject } from '../projects/projects.js'
import { EMAIL_LIMIT_MESSAGE } from './authMails.js'
import {
  codeOf,
  describeAuthRoutes,
  expectRefusal,
  FRAME,
  MINUTE,
  newDeviceId,
  newSeed,
  SECOND,
  SITE,
  setCookieOf,
  wrongCode,
} from './authRoutesHarness.testkit.js'

describeAuthRoutes('login routes', (auth) => {
  const {
    request,
    startLogin,
    submitOtp,
    login,
    proveCodeOnNewDevice,
    readSeed,
    storeSeed,
    newEmail,
    configWith,
  } = auth

  it('logs a new user in with the code from the mail, stores a seed and hands the same seed back', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(`  ${email} `, deviceId)).toBe('VERIFY_OTP')
    const mail = await auth.smtp.waitFor(email.toLowerCase())
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

  it('remembers the device in a cookie, so a frame that lost its storage is still the approved device', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    const first = await request('POST', '/v1/auth/email', { body: { email, deviceId } })
    const cookie = setCookieOf(first, 'portico_device')
    expect(cookie?.value).toBe(deviceId)
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['path=/v1/auth', 'httponly', 'secure', 'samesite=none', 'partitioned']),
    )
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
    // The frame was reloaded and made up a new id: the cookie still names the approved device.
    const forgotten = newDeviceId()
    const deviceCookie = { cookie: `portico_device=${deviceId}` }
    const otp = await request('POST', '/v1/auth/otp', {
      body: { email, deviceId: forgotten, otp: code },
      headers: deviceCookie,
    })
    expect(otp.status).toBe(200)
    auth.time += 31 * SECOND
    const again = await request('POST', '/v1/auth/email', {
      body: { email, deviceId: newDeviceId() },
      headers: deviceCookie,
    })
    expect(authEmailResponseSchema.parse(await again.json()).action).toBe('VERIFY_OTP')
    expect(setCookieOf(again, 'portico_device')).toBeUndefined()
    await auth.smtp.waitFor(email.toLowerCase())
    // Without the cookie, the made-up id is a new device that must be approved.
    auth.time += 31 * SECOND
    await proveCodeOnNewDevice(email, newDeviceId())
  })

  it('answers approved: false when the link is not followed within deviceWaitMs, and the same for an address without an account', async () => {
    const email = newEmail()
    await login(email, newDeviceId())
    auth.time += 31 * SECOND
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
    auth.time += 31 * SECOND
    const unknown = newEmail()
    const answers = []
    for (const email of [known, unknown]) {
      const deviceId = newDeviceId()
      const response = await request('POST', '/v1/auth/email', { body: { email, deviceId } })
      const mail = await auth.smtp.waitFor(email.toLowerCase())
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
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
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
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
    auth.time += 10 * MINUTE
    await expectRefusal(await submitOtp(email, deviceId, code), 401, 'OTP_EXPIRED')
  })

  it('refuses a code used once already', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
    expect((await submitOtp(email, deviceId, code)).status).toBe(200)
    const message = await expectRefusal(await submitOtp(email, deviceId, code), 401, 'OTP_INVALID')
    expect(message).toContain('used already')
  })

  it('refuses a second login mail within 30 s with the exact message and Retry-After, and sends one after', async () => {
    const email = newEmail()
    await startLogin(email, newDeviceId())
    await auth.smtp.waitFor(email.toLowerCase())
    const sent = auth.smtp.messages.length
    auth.time += 10_500
    const refused = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
    expect(refused.headers.get('retry-after')).toBe('20')
    expect(await expectRefusal(refused, 429, 'EMAIL_COOLDOWN')).toBe('Please try again after 20 seconds')
    auth.time += 19_400
    const last = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
    expect(last.headers.get('retry-after')).toBe('1')
    expect(await expectRefusal(last, 429, 'EMAIL_COOLDOWN')).toBe('Please try again after 1 seconds')
    expect(auth.smtp.messages.length).toBe(sent)
    auth.time += 100
    expect(await startLogin(email, newDeviceId())).toBe('VERIFY_OTP')
  })

  it('answers 502 MAIL_FAILED when the SMTP server is down, and does not start the cool-down', async () => {
    const downApp = auth.appWith(configWith({}, await getFreePort()))
    const email = newEmail()
    const deviceId = newDeviceId()
    const failed = await request('POST', '/v1/auth/email', { body: { email, deviceId }, target: downApp })
    const message = await expectRefusal(failed, 502, 'MAIL_FAILED')
    expect(message).toContain('could not be sent')
    // The same database, so the same cool-down: the person may ask again at once.
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    expect(
      await auth.db
        .selectFrom('auth_codes')
        .select('id')
        .where('email', '=', email.replace('Mail.Example', 'mail.example'))
        .execute(),
    ).toHaveLength(1)
  })

  it('refuses a fourth mail to an address in 24 h with EMAIL_LIMIT and Retry-After, and sends again once the first leaves the window', async () => {
    const capped = auth.appWith(configWith({ maxMailsPerDay: 3 }))
    const email = newEmail()
    const address = email.toLowerCase()
    const firstAt = auth.time
    for (const _ of [1, 2, 3]) {
      expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
      await auth.smtp.waitFor(address)
      auth.time += 1 * MINUTE
    }
    const sent = auth.smtp.messages.length
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
    expect(refused.headers.get('retry-after')).toBe(String((firstAt + 24 * 60 * MINUTE - auth.time) / 1000))
    expect(auth.smtp.messages.length).toBe(sent)
    // Another address is not held back by this one.
    const other = newEmail()
    expect(await startLogin(other, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await auth.smtp.waitFor(other.toLowerCase())

    // The refusal did not start the cool-down: once the first mail is 24 h old, one more goes out.
    auth.time = firstAt + 24 * 60 * MINUTE - SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
    auth.time = firstAt + 24 * 60 * MINUTE
    expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await auth.smtp.waitFor(address)
    auth.time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
  })

  it('normalises the address (case, spaces) before the cool-down, the daily cap and every lookup', async () => {
    const deviceId = newDeviceId()
    const local = `Case.Mixed${auth.nextNumber()}.${auth.engine}`
    const first = await login(`${local}@Mail.Example`, deviceId)
    expect(first.user.email).toBe(`${local.toLowerCase()}@mail.example`)
    expect(first.isNewUser).toBe(true)
    // The same inbox in another case is the same address: its cool-down is running.
    const again = await request('POST', '/v1/auth/email', {
      body: { email: ` ${local.toUpperCase()}@MAIL.EXAMPLE `, deviceId },
    })
    await expectRefusal(again, 429, 'EMAIL_COOLDOWN')
    auth.time += 31 * SECOND
    const second = await login(`${local.toLowerCase()}@mail.example`, deviceId)
    expect(second.isNewUser).toBe(false)
    expect(second.user).toEqual(first.user)
    const stored = await auth.db
      .selectFrom('auth_mail_log')
      .select('email')
      .where(sql<string>`lower(email)`, '=', String(first.user.email))
      .execute()
    expect(stored).toEqual([{ email: first.user.email }, { email: first.user.email }])
  })

  it('limits the mails one IP, one device and one project ask for, whatever the addresses, with 429 and Retry-After', async () => {
    const limited = auth.appWith(
      serverConfigSchema.parse({
        ...configWith({ mailLimits: { windowMs: 60 * MINUTE, perIp: 4, perDevice: 2, perProject: 6 } }),
        trustProxy: true,
      }),
    )
    // A project of its own, so the mails of the other tests do not count.
    await addProject(auth.db, { id: 'limits', name: 'Limits', origins: [SITE] })
    const ask = (deviceId: string, ip: string, email = newEmail()) =>
      limited.request('/v1/auth/email?projectId=limits', {
        method: 'POST',
        // A client without a browser: no Origin, naming the frame instead.
        headers: { 'x-portico-origin': FRAME, 'x-forwarded-for': ip, 'content-type': 'application/json' },
        body: JSON.stringify({ email, deviceId }),
      })
    const startedAt = auth.time
    const sent = () => auth.smtp.messages.length
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
    auth.time = startedAt + 60 * MINUTE
    expect((await ask(newDeviceId(), '198.51.100.3', refusedAddress)).status).toBe(200)
    await auth.smtp.waitFor(refusedAddress.toLowerCase())
  })

  it('does not count a mail that failed to send against the daily cap', async () => {
    const email = newEmail()
    const down = auth.appWith(configWith({ maxMailsPerDay: 1 }, await getFreePort()))
    for (const _ of [1, 2]) {
      const failed = await request('POST', '/v1/auth/email', {
        body: { email, deviceId: newDeviceId() },
        target: down,
      })
      await expectRefusal(failed, 502, 'MAIL_FAILED')
    }
    const capped = auth.appWith(configWith({ maxMailsPerDay: 1 }))
    expect(await startLogin(email, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await auth.smtp.waitFor(email.toLowerCase())
    auth.time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() }, target: capped }),
      429,
      'EMAIL_LIMIT',
    )
  })

  it('refuses an address that is not one with EMAIL_INVALID', async () => {
    for (const email of ['', 'no-at-sign', 'a@b', 'two@@example.com', 'space in@example.com']) {
      const response = await request('POST', '/v1/auth/email', { body: { email, deviceId: newDeviceId() } })
      await expectRefusal(response, 400, 'EMAIL_INVALID')
    }
  })
})
