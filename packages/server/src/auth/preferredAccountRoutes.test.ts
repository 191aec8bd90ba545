import { authPreferredAccountResponseSchema } from '@portico/core/api'
import { expect, it } from 'vitest'
import { describeAuthRoutes, expectRefusal, newDeviceId } from './authRoutesHarness.testkit.js'

describeAuthRoutes('preferred account routes', (auth) => {
  const { request, login, newEmail } = auth

  it('keeps the account type a user chose, null until they chose, and per user', async () => {
    const first = await login(newEmail(), newDeviceId())
    const second = await login(newEmail(), newDeviceId())
    const read = async (token: string) =>
      authPreferredAccountResponseSchema.parse(
        await (await request('GET', '/v1/auth/preferred-account', { token })).json(),
      )
    expect(await read(first.token)).toEqual({ type: null })

    const put = await request('PUT', '/v1/auth/preferred-account', {
      token: first.token,
      body: { type: 'smartAccount' },
    })
    expect(put.status).toBe(200)
    expect(await read(first.token)).toEqual({ type: 'smartAccount' })
    expect(await read(second.token)).toEqual({ type: null })

    await request('PUT', '/v1/auth/preferred-account', { token: first.token, body: { type: 'eoa' } })
    expect(await read(first.token)).toEqual({ type: 'eoa' })
  })

  it('refuses an unknown type with 400 and keeps the earlier choice, and a request without a session with 401', async () => {
    const { token } = await login(newEmail(), newDeviceId())
    await request('PUT', '/v1/auth/preferred-account', { token, body: { type: 'smartAccount' } })
    const bad = await request('PUT', '/v1/auth/preferred-account', { token, body: { type: 'multisig' } })
    await expectRefusal(bad, 400, 'BAD_REQUEST')
    const after = await request('GET', '/v1/auth/preferred-account', { token })
    expect(authPreferredAccountResponseSchema.parse(await after.json())).toEqual({ type: 'smartAccount' })
    await expectRefusal(
      await request('PUT', '/v1/auth/preferred-account', { body: { type: 'eoa' } }),
      401,
      'AUTH_SESSION_INVALID',
    )
  })
})
