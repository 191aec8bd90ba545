// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  AuthSessionInvalidError,
  createAuthApi,
  DEVICE_STORAGE_KEY,
  EmailCooldownError,
  EmailInvalidError,
  OtpAttemptsExceededError,
  OtpInvalidError,
  sessionIdOf,
  WalletExistsError,
} from './authApi.js'
import {
  type AuthTestServer,
  createCookieFetch,
  createMemoryStorage,
  startAuthTestServer,
} from './authTestServer.testkit.js'

let server: AuthTestServer
beforeAll(async () => {
  server = await startAuthTestServer({ allowedOrigins: ['http://site.test', 'http://other.test'] })
})
afterAll(() => server?.close())

function makeApi(cookieFetch = createCookieFetch()) {
  const storage = createMemoryStorage()
  return {
    storage,
    cookieFetch,
    api: createAuthApi({ origin: server.origin, projectId: server.projectId, storage, fetch: cookieFetch }),
  }
}

describe('createAuthApi', () => {
  test('frameConfig returns the sites allowed to embed the frame', async () => {
    const { api } = makeApi()
    await expect(api.frameConfig()).resolves.toEqual({
      allowedOrigins: ['http://site.test', 'http://other.test'],
    })
  })

  test('a login keeps the device id in the frame storage and the token only in memory', async () => {
    const { api, storage } = makeApi()
    await expect(api.email('keep@example.com')).resolves.toEqual({ action: 'VERIFY_OTP' })
    const deviceId = storage.getItem(DEVICE_STORAGE_KEY)
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    const result = await api.otp('keep@example.com', server.lastCode('keep@example.com', 'otp'))
    expect(result.isNewUser).toBe(true)
    expect(api.getToken()).toBe(result.token)
    expect([...storage.entries().values()]).not.toContain(result.token)
    expect(api.getDeviceId()).toBe(deviceId)
    await expect(api.session()).resolves.toEqual({ user: { id: result.user.id, email: 'keep@example.com' } })
  })

  test('a reloaded frame (new memory, same browser) is still signed in through the session cookie', async () => {
    const { api, cookieFetch } = makeApi()
    await api.email('cookie@example.com')
    const { user } = await api.otp('cookie@example.com', server.lastCode('cookie@example.com', 'otp'))
    const reloaded = makeApi(cookieFetch).api
    expect(reloaded.getToken()).toBeUndefined()
    await expect(reloaded.session()).resolves.toEqual({ user })
    // Another browser has neither the token nor the cookie.
    await expect(makeApi().api.session()).rejects.toBeInstanceOf(AuthSessionInvalidError)
  })

  test('the session id given to the page is stable per token and is not the token', () => {
    const token = 'x'.repeat(43)
    expect(sessionIdOf(token)).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(sessionIdOf(token)).toBe(sessionIdOf(token))
    expect(sessionIdOf(token)).not.toBe(sessionIdOf('y'.repeat(43)))
    expect(token).not.toContain(sessionIdOf(token))
  })

  test('rejects a second e-mail login within 30 s with the server message and Retry-After', async () => {
    const { api } = makeApi()
    await api.email('twice@example.com')
    const error = await api.email('twice@example.com').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmailCooldownError)
    expect(error).toMatchObject({
      name: 'EmailCooldownError',
      code: 'EMAIL_COOLDOWN',
      status: 429,
      retryAfterSeconds: 30,
    })
    expect((error as Error).message).toBe('Please try again after 30 seconds')
  })

  test('each refusal code becomes its own error class', async () => {
    const { api } = makeApi()
    await expect(api.email('not-an-email')).rejects.toBeInstanceOf(EmailInvalidError)
    await api.email('codes@example.com')
    await expect(api.otp('codes@example.com', '000000')).rejects.toSatisfy(
      (error) => error instanceof OtpInvalidError && error.message === 'The code is wrong.',
    )
    for (let attempt = 2; attempt < 5; attempt++)
      await api.otp('codes@example.com', '000000').catch(() => undefined)
    await expect(api.otp('codes@example.com', '000000')).rejects.toBeInstanceOf(OtpAttemptsExceededError)
  })

  test('putWallet stores a seed once; a second seed is refused with WalletExistsError', async () => {
    const { api } = makeApi()
    await api.email('seed@example.com')
    await api.otp('seed@example.com', server.lastCode('seed@example.com', 'otp'))
    await expect(api.getWallet()).resolves.toEqual({ seed: null })
    const seed = `0x${'ab'.repeat(32)}` as const
    await api.putWallet(seed)
    await expect(api.getWallet()).resolves.toEqual({ seed })
    await expect(api.putWallet(`0x${'cd'.repeat(32)}`)).rejects.toBeInstanceOf(WalletExistsError)
    expect(server.seedOf('seed@example.com')).toBe(seed)
  })

  test('signOut ends the session on the server and forgets the token and the cookie', async () => {
    const { api, cookieFetch } = makeApi()
    await api.email('out@example.com')
    await api.otp('out@example.com', server.lastCode('out@example.com', 'otp'))
    expect(cookieFetch.cookies.has('portico_session')).toBe(true)
    await api.signOut()
    expect(api.getToken()).toBeUndefined()
    expect(cookieFetch.cookies.has('portico_session')).toBe(false)
    await expect(api.session()).rejects.toBeInstanceOf(AuthSessionInvalidError)
  })

  test('a reloaded frame signs out the session it holds only through the cookie', async () => {
    const { api, cookieFetch } = makeApi()
    await api.email('out2@example.com')
    const { token } = await api.otp('out2@example.com', server.lastCode('out2@example.com', 'otp'))
    await makeApi(cookieFetch).api.signOut()
    // The token itself no longer works on the server either.
    const bearer = await fetch(`${server.origin}/v1/auth/session?projectId=${server.projectId}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(bearer.status).toBe(401)
  })

  test('calls that need a session are refused without a token or a cookie', async () => {
    const { api } = makeApi()
    await expect(api.getWallet()).rejects.toBeInstanceOf(AuthSessionInvalidError)
  })

  test('updates the e-mail address with the two mailed codes', async () => {
    const { api } = makeApi()
    await api.email('old@example.com')
    await api.otp('old@example.com', server.lastCode('old@example.com', 'otp'))
    await expect(api.updateEmail('new@example.com')).resolves.toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    await expect(
      api.updateEmailPrimary(server.lastCode('old@example.com', 'update-primary')),
    ).resolves.toEqual({
      action: 'VERIFY_SECONDARY_OTP',
    })
    await expect(
      api.updateEmailSecondary(server.lastCode('new@example.com', 'update-secondary')),
    ).resolves.toEqual({
      email: 'new@example.com',
    })
    await expect(api.session()).resolves.toMatchObject({ user: { email: 'new@example.com' } })
  })
})
