import { randomBytes } from 'node:crypto'
import { authOtpResponseSchema } from '@portico/core/api'
import { expect, it } from 'vitest'
import {
  AUTH_TABLES,
  codeOf,
  describeAuthRoutes,
  expectRefusal,
  newDeviceId,
  newSeed,
} from './authRoutesHarness.testkit.js'

describeAuthRoutes('wallet routes', (auth) => {
  const { request, startLogin, submitOtp, readSeed, storeSeed, newEmail, configWith } = auth

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

  it('keeps no plain seed, code or token in any auth table, and another master key cannot decrypt the seed', async () => {
    const email = newEmail()
    const deviceId = newDeviceId()
    await startLogin(email, deviceId)
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
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
      const found = await auth.db.selectFrom(table).selectAll().execute()
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

    const otherKey = auth.appWith(configWith({ masterKey: randomBytes(32).toString('base64') }))
    const response = await request('GET', '/v1/auth/wallet', { token, target: otherKey })
    const message = await expectRefusal(response, 500, 'INTERNAL')
    expect(message).toContain('master key')
    expect(await readSeed(token)).toBe(seed)
  })
})
