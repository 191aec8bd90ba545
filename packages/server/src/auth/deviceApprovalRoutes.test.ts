import { authDeviceWaitResponseSchema, authOtpResponseSchema } from '@portico/core/api'
import { expect, it } from 'vitest'
import {
  codeOf,
  describeAuthRoutes,
  expectRefusal,
  FRAME,
  MINUTE,
  newDeviceId,
  newSeed,
  SECOND,
  wrongCode,
} from './authRoutesHarness.testkit.js'
import { AUTH_DEVICE_APPROVE_PATH } from './deviceApprovalRoutes.js'

describeAuthRoutes('device approval routes', (auth) => {
  const { request, startLogin, submitOtp, login, proveCodeOnNewDevice, readSeed, storeSeed, newEmail } = auth

  it('asks a known user on a second device, once the code is proved, to approve it by the mailed link, then logs in with the same code and seed', async () => {
    const email = newEmail()
    const first = await login(email, newDeviceId())
    const seed = newSeed()
    expect((await storeSeed(first.token, seed)).status).toBe(201)
    auth.time += 31 * SECOND

    const secondDevice = newDeviceId()
    expect(await startLogin(email, secondDevice)).toBe('VERIFY_OTP')
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
    // A wrong code tells nothing of the account.
    await expectRefusal(await submitOtp(email, secondDevice, wrongCode(code)), 401, 'OTP_INVALID')
    await expectRefusal(await submitOtp(email, secondDevice, code), 401, 'DEVICE_NOT_APPROVED')
    const approvalMail = await auth.smtp.waitFor(email.toLowerCase())
    expect(approvalMail.subject).toContain('Corner Shop')
    const link = /https:\/\/\S+/.exec(approvalMail.text)?.[0] ?? ''
    expect(link).toMatch(new RegExp(`^${FRAME}/v1/auth/device/approve\\?token=[A-Za-z0-9_-]{43}$`))
    // The code entered again before the link is followed mails no second link.
    const mailsBefore = auth.smtp.messages.length
    await expectRefusal(await submitOtp(email, secondDevice, code), 401, 'DEVICE_NOT_APPROVED')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(auth.smtp.messages.length).toBe(mailsBefore)

    // Mail systems open every link to scan it: opening it twice shows a page and approves nothing.
    const url = new URL(link)
    const token = url.searchParams.get('token') ?? ''
    for (const _ of [1, 2]) {
      // Opened from a mail client: no project, no Origin.
      const page = await auth.app.request(`${url.pathname}${url.search}`)
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
      expect(html).toContain(
        `just now (${new Date(auth.time).toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
      )
      expect(html).toMatch(/<form method="post" action="approve">/)
      expect(html).toContain(`<input type="hidden" name="token" value="${token}">`)
    }
    const pending = await submitOtp(email, secondDevice, code)
    await expectRefusal(pending, 401, 'DEVICE_NOT_APPROVED')
    const row = await auth.db
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
      auth.app.request(`${AUTH_DEVICE_APPROVE_PATH}${search}`, {
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
    const reopened = await auth.app.request(`${url.pathname}${url.search}`)
    expect(reopened.status).toBe(400)
    expect(await reopened.text()).toContain('used already')
  })

  it('shows an expired approval link as expired, and its button does not approve the device', async () => {
    const email = newEmail()
    const { user } = await login(email, newDeviceId())
    auth.time += 31 * SECOND
    const deviceId = newDeviceId()
    const link = new URL((await proveCodeOnNewDevice(email, deviceId)).link)
    auth.time += 10 * MINUTE
    const page = await auth.app.request(`${link.pathname}${link.search}`)
    expect(page.status).toBe(400)
    expect(await page.text()).toContain('This link has expired')
    const posted = await auth.app.request(AUTH_DEVICE_APPROVE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${link.searchParams.get('token')}`,
    })
    expect(posted.status).toBe(400)
    expect(await posted.text()).toContain('This link has expired')
    const row = await auth.db
      .selectFrom('auth_devices')
      .select('approved_at')
      .where('user_id', '=', user.id)
      .where('device_id', '=', deviceId)
      .executeTakeFirstOrThrow()
    expect(row.approved_at).toBeNull()
  })
})
