import { expect, it, vi } from 'vitest'
import {
  describeAuthRoutes,
  expectRefusal,
  FRAME,
  newDeviceId,
  SECOND,
  SITE,
} from './authRoutesHarness.testkit.js'

describeAuthRoutes('e-mail login origin and master key checks', (auth) => {
  const { request, startLogin, login, newEmail, configWith } = auth

  it("refuses a site's origin and requests without an origin, and keeps the frame origin off other paths", async () => {
    const email = newEmail()
    const { token } = await login(email, newDeviceId())
    auth.time += 31 * SECOND
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

  it('answers 503 with how to set a master key when there is none, and takes one from PORTICO_MASTER_KEY', async () => {
    vi.stubEnv('PORTICO_MASTER_KEY', '')
    const { masterKey: _, ...withoutKey } = configWith().auth
    const keyless = auth.appWith({ ...auth.config, auth: withoutKey })
    const response = await request('POST', '/v1/auth/email', {
      body: { email: newEmail(), deviceId: newDeviceId() },
      target: keyless,
    })
    const message = await expectRefusal(response, 503, 'UNAVAILABLE')
    expect(message).toContain('PORTICO_MASTER_KEY')
    expect(message).toContain('auth.masterKey')

    vi.stubEnv('PORTICO_MASTER_KEY', auth.masterKey)
    const fromEnv = auth.appWith({ ...auth.config, auth: withoutKey })
    const email = newEmail()
    expect(await startLogin(email, newDeviceId(), fromEnv)).toBe('VERIFY_OTP')
    await auth.smtp.waitFor(email.toLowerCase())
  })
})
