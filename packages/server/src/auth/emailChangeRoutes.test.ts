import {
  authOtpResponseSchema,
  authSessionResponseSchema,
  authUpdateEmailPrimaryResponseSchema,
  authUpdateEmailResponseSchema,
  authUpdateEmailSecondaryResponseSchema,
} from '@portico/core/api'
import { expect, it } from 'vitest'
import {
  codeOf,
  describeAuthRoutes,
  expectRefusal,
  newDeviceId,
  newSeed,
  SECOND,
} from './authRoutesHarness.testkit.js'

describeAuthRoutes('e-mail change routes', (auth) => {
  const { request, startLogin, submitOtp, login, readSeed, storeSeed, newEmail, configWith } = auth

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
    const primaryCode = codeOf((await auth.smtp.waitFor(String(user.email))).subject)
    const secondaryMail = await auth.smtp.waitFor(next.toLowerCase())
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

  it('counts the two mails of an e-mail change each for its own address, and sends neither when one is over the cap', async () => {
    const capped = auth.appWith(configWith({ maxMailsPerDay: 2 }))
    const email = newEmail()
    const deviceId = newDeviceId()
    expect(await startLogin(email, deviceId, capped)).toBe('VERIFY_OTP')
    const code = codeOf((await auth.smtp.waitFor(email.toLowerCase())).subject)
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
    await auth.smtp.waitFor(String(user.email))
    await auth.smtp.waitFor(first.toLowerCase())

    auth.time += 31 * SECOND
    const second = `second.${newEmail()}`
    const sent = auth.smtp.messages.length
    const refused = await request('POST', '/v1/auth/email/update', {
      token,
      body: { newEmail: second },
      target: capped,
    })
    await expectRefusal(refused, 429, 'EMAIL_LIMIT')
    expect(auth.smtp.messages.length).toBe(sent)
    // The new address's mail was not counted either: it still has both of its mails today.
    for (const _ of [1, 2]) {
      expect(await startLogin(second, newDeviceId(), capped)).toBe('VERIFY_OTP')
      await auth.smtp.waitFor(second.toLowerCase())
      auth.time += 31 * SECOND
    }
    // And the first new address has one left.
    expect(await startLogin(first, newDeviceId(), capped)).toBe('VERIFY_OTP')
    await auth.smtp.waitFor(first.toLowerCase())
    auth.time += 31 * SECOND
    await expectRefusal(
      await request('POST', '/v1/auth/email', {
        body: { email: first, deviceId: newDeviceId() },
        target: capped,
      }),
      429,
      'EMAIL_LIMIT',
    )
  })
})
