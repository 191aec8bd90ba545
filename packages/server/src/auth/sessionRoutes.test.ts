import { authOtpResponseSchema, authSessionResponseSchema } from '@portico/core/api'
import { expect, it } from 'vitest'
import {
  codeOf,
  describeAuthRoutes,
  expectRefusal,
  newDeviceId,
  SITE,
  setCookieOf,
} from './authRoutesHarness.testkit.js'

describeAuthRoutes('session routes', (auth) => {
  const { request, startLogin, submitOtp, login, newEmail } = auth

  it('keeps the session in a partitioned, HttpOnly cookie on the frame origin, which works without the bearer token', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(email, deviceId)).toBe('VERIFY_OTP')
    const mail = await auth.smtp.waitFor(email.toLowerCase())
    const response = await submitOtp(email, deviceId, codeOf(mail.subject))
    const { token, user } = authOtpResponseSchema.parse(await response.json())
    const cookie = setCookieOf(response, 'portico_session')
    expect(cookie?.value).toBe(token)
    expect(cookie?.attributes).toEqual(
      expect.arrayContaining(['path=/v1/auth', 'httponly', 'secure', 'samesite=none', 'partitioned']),
    )
    expect(cookie?.attributes).toContain(`max-age=${Math.floor(auth.config.auth.sessionTtlMs / 1000)}`)

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

  it('ends the session on sign-out', async () => {
    const { token } = await login(newEmail(), newDeviceId())
    expect((await request('POST', '/v1/auth/signout', { token })).status).toBe(204)
    const after = await request('GET', '/v1/auth/session', { token })
    expect(await expectRefusal(after, 401, 'AUTH_SESSION_INVALID')).toContain('signed out')
    await expectRefusal(await request('GET', '/v1/auth/wallet', { token }), 401, 'AUTH_SESSION_INVALID')
  })
})
