import { generateKeyPairSync, verify } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appleClientSecret } from './socialClient.js'
import {
  appleNameOf,
  identityFromDiscord,
  identityFromFacebook,
  identityFromGithub,
  identityFromIdToken,
  identityFromX,
  SocialProfileShapeError,
} from './socialProviders.js'

describe('the providers’ documented account answers', () => {
  it('reads Google’s id_token claims, verified only when email_verified is true', () => {
    const claims = { sub: '1234', email: 'Ann@Example.com', email_verified: true, name: 'Ann' }
    expect(identityFromIdToken('google', claims)).toEqual({
      subject: '1234',
      email: 'Ann@Example.com',
      emailVerified: true,
      username: 'Ann',
    })
    expect(identityFromIdToken('google', { ...claims, email_verified: false }).emailVerified).toBe(false)
    expect(identityFromIdToken('google', { sub: '1234' }).emailVerified).toBe(false)
  })

  it('reads Apple’s email_verified as the string it has sent, and the name posted on the first login', () => {
    const claims = { sub: '001.abc', email: 'x@privaterelay.appleid.com', email_verified: 'true' }
    const name = appleNameOf(JSON.stringify({ name: { firstName: 'Ann', lastName: 'Lee' }, email: 'x' }))
    expect(identityFromIdToken('apple', claims, { appleName: name })).toEqual({
      subject: '001.abc',
      email: 'x@privaterelay.appleid.com',
      emailVerified: true,
      username: 'Ann Lee',
    })
    expect(identityFromIdToken('apple', { ...claims, email_verified: 'false' }).emailVerified).toBe(false)
    expect(appleNameOf('not json')).toBeUndefined()
  })

  it('keeps the name posted beside Apple’s code only when it is a plain name of at most 64 characters', () => {
    const posted = (firstName: string) => JSON.stringify({ name: { firstName, lastName: 'Lee' } })
    expect(appleNameOf(posted('Ann-Marie Ñoño'))).toBe('Ann-Marie Ñoño Lee')
    // The browser posts it, not Apple: a name of an attacker's making is not shown as theirs.
    for (const forged of ['Ann\u202Eeil', 'Ann\u0000', 'Ann\uD800', 'Ann\u200B', 'A'.repeat(61)]) {
      expect(appleNameOf(posted(forged)), JSON.stringify(forged)).toBeUndefined()
    }
  })

  it('reads X’s /2/users/me, which gives no e-mail', () => {
    expect(identityFromX({ data: { id: '2244994945', name: 'X Dev', username: 'XDevelopers' } })).toEqual({
      subject: '2244994945',
      email: undefined,
      emailVerified: false,
      username: '@XDevelopers',
    })
  })

  it('reads Discord’s /users/@me verified flag', () => {
    const user = {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      email: 'nelly@discord.com',
    }
    expect(identityFromDiscord({ ...user, verified: true })).toMatchObject({
      emailVerified: true,
      username: 'Nelly',
    })
    expect(identityFromDiscord({ ...user, verified: false }).emailVerified).toBe(false)
    expect(identityFromDiscord({ ...user, global_name: null, email: null })).toMatchObject({
      email: undefined,
      emailVerified: false,
      username: 'nelly',
    })
  })

  it('takes GitHub’s primary address, verified as /user/emails says', () => {
    const user = { id: 583231, login: 'octocat', name: 'The Octocat', email: null }
    const emails = [
      { email: 'octocat@github.com', primary: true, verified: false, visibility: 'public' },
      { email: 'other@github.com', primary: false, verified: true, visibility: null },
    ]
    expect(identityFromGithub(user, emails)).toEqual({
      subject: '583231',
      email: 'octocat@github.com',
      emailVerified: false,
      username: 'octocat',
    })
    expect(identityFromGithub(user, []).email).toBeUndefined()
  })

  it('never counts Facebook’s /me e-mail as verified', () => {
    expect(identityFromFacebook({ id: '10158', name: 'Zuck', email: 'z@fb.example' })).toEqual({
      subject: '10158',
      email: 'z@fb.example',
      emailVerified: false,
      username: 'Zuck',
    })
  })

  it('refuses an answer without the documented shape, naming the field', () => {
    expect(() => identityFromX({ id: '1' })).toThrow(SocialProfileShapeError)
    expect(() => identityFromGithub({ id: 'abc', login: 'x' }, [])).toThrow(/GitHub's \/user answer .*id/)
  })
})

describe('appleClientSecret', () => {
  it('is an ES256 JWT of the team for the client id, valid five minutes, signed by the key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const now = Date.parse('2031-01-01T00:00:00Z')
    const jwt = appleClientSecret(
      'com.shop.web',
      { teamId: 'TEAM123', keyId: 'KEY456', privateKey: pem },
      now,
    )
    const [header = '', payload = '', signature = ''] = jwt.split('.')
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY456' })
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
      iss: 'TEAM123',
      iat: now / 1000,
      exp: now / 1000 + 300,
      aud: 'https://appleid.apple.com',
      sub: 'com.shop.web',
    })
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    expect(valid).toBe(true)
  })
})
