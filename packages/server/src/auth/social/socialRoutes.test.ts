import { createHash, randomBytes } from 'node:crypto'
import {
  authSessionResponseSchema,
  authSocialFinishResponseSchema,
  authSocialStartResponseSchema,
  SOCIAL_PROOF_PARAM,
  SOCIAL_RESULT_PARAM,
  type SocialProvider,
} from '@portico/core/api'
import {
  type OAuthStandIn,
  STAND_IN_PROVIDERS,
  type StandInCallback,
  startOAuthStandIn,
} from '@portico/test/social'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../http/createApp.js'
import { createLogger } from '../../logger.js'
import { addProject } from '../../projects/projects.js'
import {
  type App,
  describeAuthRoutes,
  expectRefusal,
  FRAME,
  MINUTE,
  newDeviceId,
  SITE,
} from '../authRoutesHarness.testkit.js'
import { expectAddressLimit, expectProjectLimit, type HourlyLimitsStep } from '../hourlyLimits.testkit.js'

/** A failed callback sends the browser back to the site's page with the state, and no proof. */
function expectBackWithoutProof(response: Response): URL {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location') ?? '')
  expect(location.searchParams.get(SOCIAL_RESULT_PARAM)).toMatch(/^[\w-]{43}$/)
  expect(location.searchParams.has(SOCIAL_PROOF_PARAM)).toBe(false)
  return location
}

/** Another public URL of the same server, which the stand-in's clients also registered. */
const RENAMED = 'https://renamed.portico.test'
const newSecret = () => randomBytes(32).toString('base64url')
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url')

// One stand-in for the whole file, both databases: each test logs in people of its own (newPerson).
let standIn: OAuthStandIn
beforeAll(async () => {
  standIn = await startOAuthStandIn({ serverUrls: [FRAME, RENAMED], users: {} })
})
afterAll(async () => {
  await standIn?.close()
})

interface Person {
  /** What the stand-in's consent page is answered with. */
  as: string
  email: string
  name: string
  username: string
}
let people = 0
/** A new person with an account at every provider, and an address of their own. */
function newPerson(emailVerified = true): Person {
  const n = ++people
  const person = { email: `person${n}@example.com`, name: `Person ${n}`, username: `person${n}` }
  standIn.addUser(`person${n}`, { subject: 5_000 + n, emailVerified, ...person })
  return { as: `person${n}`, ...person }
}

describeAuthRoutes('social login routes', (auth) => {
  let app: App

  beforeAll(() => {
    const projects = {
      shop: Object.fromEntries(STAND_IN_PROVIDERS.map((name) => [name, standIn.configFor(name)])),
    }
    app = auth.appWith(auth.configWith({ social: { projects, finishWaitMs: 2_000 } }))
  })
  // id_tokens carry the stand-in's real time; the server's clock follows it here.
  beforeEach(() => {
    auth.time = Date.now()
  })

  interface Started {
    uri: string
    state: string
    secret: string
    deviceId: string
    /** The one-time proof the callback sent back to the site's page, once approved. */
    proof?: string
  }

  /** The site's page every login comes back to, unless a test names another. */
  const PAGE = `${SITE}/checkout`

  async function start(
    provider: SocialProvider,
    options: { redirectTo?: string; deviceId?: string; target?: App } = {},
  ): Promise<Started> {
    const secret = newSecret()
    const deviceId = options.deviceId ?? newDeviceId()
    const response = await auth.request('POST', '/v1/auth/social/start', {
      target: options.target ?? app,
      body: {
        provider,
        deviceId,
        secretHash: hashOf(secret),
        redirectTo: options.redirectTo ?? PAGE,
      },
    })
    expect(response.status).toBe(200)
    const { uri, state } = authSocialStartResponseSchema.parse(await response.json())
    return { uri, state, secret, deviceId }
  }

  /** Sends the provider's redirect to the server, as the browser would: no Origin, no project. */
  function deliver(callback: StandInCallback, target: App = app): Promise<Response> {
    const url = new URL(callback.url)
    expect(url.origin).toBe(FRAME)
    return Promise.resolve(
      target.request(`${url.pathname}${url.search}`, {
        method: callback.method,
        ...(callback.body !== undefined
          ? { body: callback.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
          : {}),
      }),
    )
  }

  /**
   * The consent as `as`, in the browser that follows the callback's redirect: it lands on the
   * site's page with the state and the proof, which go on the started login for its finish.
   */
  async function approve(started: Started, as: string, target: App = app): Promise<Started> {
    const back = await deliver(await standIn.authorize(started.uri, { as }), target)
    expect(back.status, await back.clone().text()).toBe(302)
    const location = new URL(back.headers.get('location') ?? '')
    expect(location.searchParams.get(SOCIAL_RESULT_PARAM)).toBe(started.state)
    const proof = location.searchParams.get(SOCIAL_PROOF_PARAM)
    expect(proof).toMatch(/^[\w-]{43}$/)
    return { ...started, proof: proof ?? '' }
  }

  function finish(
    started: Started,
    overrides: {
      secret?: string
      proof?: string | null
      waitMs?: number
      target?: App
      signal?: AbortSignal
      /** The client's address, for an app that trusts X-Forwarded-For. */
      from?: string
    } = {},
  ): Promise<Response> {
    const proof = overrides.proof === null ? undefined : (overrides.proof ?? started.proof)
    return auth.request('POST', '/v1/auth/social/finish', {
      target: overrides.target ?? app,
      body: {
        state: started.state,
        secret: overrides.secret ?? started.secret,
        ...(proof !== undefined ? { proof } : {}),
        deviceId: started.deviceId,
        waitMs: overrides.waitMs ?? 2_000,
      },
      ...(overrides.signal ? { signal: overrides.signal } : {}),
      ...(overrides.from ? { headers: { 'x-forwarded-for': overrides.from } } : {}),
    })
  }

  async function logIn(provider: SocialProvider, as: string, deviceId?: string) {
    const started = await approve(await start(provider, deviceId ? { deviceId } : {}), as)
    const response = await finish(started)
    expect(response.status).toBe(200)
    return authSocialFinishResponseSchema.parse(await response.json())
  }

  describe('each provider', () => {
    it.each<[SocialProvider, (person: Person) => { email?: string; userName: string }]>([
      ['google', ({ email, name }) => ({ email, userName: name })],
      ['apple', ({ email }) => ({ email, userName: email })],
      ['discord', ({ email, name }) => ({ email, userName: name })],
      ['github', ({ email, username }) => ({ email, userName: username })],
      ['x', ({ username }) => ({ userName: `@${username}` })],
      ['facebook', ({ name }) => ({ userName: name })],
    ])('logs %s in with its documented account answer', async (provider, expected) => {
      const person = newPerson()
      const { token, user } = await logIn(provider, person.as)
      expect(user).toEqual({ id: expect.any(String), socialProvider: provider, ...expected(person) })
      const session = await auth.request('GET', '/v1/auth/session', { token, target: app })
      expect(authSessionResponseSchema.parse(await session.json()).user).toEqual(user)
    })

    it('asks Apple for what it documents (scopes name and email, form_post, no PKCE) and reads the name it posts on the first login', async () => {
      const started = await start('apple')
      const params = new URL(started.uri).searchParams
      expect(params.get('scope')).toBe('name email')
      expect(params.get('response_mode')).toBe('form_post')
      expect(params.get('response_type')).toBe('code')
      expect(params.get('code_challenge')).toBeNull()
      expect(params.get('nonce')).toMatch(/^[\w-]{43}$/)
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      expect(callback.method).toBe('POST')
      const withName = `${callback.body}&user=${encodeURIComponent(JSON.stringify({ name: { firstName: 'Alice', lastName: 'Apple' } }))}`
      const back = await deliver({ ...callback, body: withName })
      expect(back.status).toBe(302)
      const proof = new URL(back.headers.get('location') ?? '').searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      const { user } = authSocialFinishResponseSchema.parse(await (await finish(started, { proof })).json())
      expect(user.userName).toBe('Alice Apple')
    })

    it('asks with state, a PKCE challenge (S256) and, for OpenID Connect, a nonce', async () => {
      const { uri, state } = await start('google')
      const params = new URL(uri).searchParams
      expect(params.get('state')).toBe(state)
      expect(params.get('code_challenge_method')).toBe('S256')
      expect(params.get('redirect_uri')).toBe(`${FRAME}/v1/auth/social/callback/google`)
      expect(params.get('nonce')).toMatch(/^[\w-]{43}$/)
      expect(params.get('scope')).toBe('openid email profile')
    })
  })

  describe('linking', () => {
    it('joins the e-mail user only where the provider says the address is verified', async () => {
      const carol = newPerson()
      const emailUser = await auth.login(carol.email, newDeviceId())
      const google = await logIn('google', carol.as)
      const github = await logIn('github', carol.as)
      const discord = await logIn('discord', carol.as)
      expect([google.user.id, github.user.id, discord.user.id]).toEqual([
        emailUser.user.id,
        emailUser.user.id,
        emailUser.user.id,
      ])
      const facebook = await logIn('facebook', carol.as)
      const x = await logIn('x', carol.as)
      expect(facebook.user.id).not.toBe(emailUser.user.id)
      expect(x.user.id).not.toBe(emailUser.user.id)
      expect(facebook.user.email).toBeUndefined()
    })

    it('gives an unverified address a wallet of its own, the same one at every login', async () => {
      const dave = newPerson(false)
      const daveByMail = await auth.login(dave.email, newDeviceId())
      const first = await logIn('google', dave.as)
      const again = await logIn('google', dave.as)
      expect(first.user.id).not.toBe(daveByMail.user.id)
      expect(first.user.email).toBeUndefined()
      expect(again.user.id).toBe(first.user.id)
      expect(again.isNewUser).toBe(false)
    })
  })

  describe('refusals', () => {
    it('refuses a provider the project has not configured', async () => {
      const bare = auth.appWith(auth.configWith())
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: bare,
        body: { provider: 'google', deviceId: newDeviceId(), secretHash: hashOf(newSecret()) },
      })
      await expectRefusal(response, 400, 'SOCIAL_PROVIDER_NOT_CONFIGURED')
    })

    it('is started by the frame only, not by a page', async () => {
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: app,
        origin: SITE,
        body: { provider: 'google', deviceId: newDeviceId(), secretHash: hashOf(newSecret()) },
      })
      await expectRefusal(response, 403, 'ORIGIN_NOT_ALLOWED')
    })

    it('returns a full-page redirect only to an origin the project lists', async () => {
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: app,
        body: {
          provider: 'google',
          deviceId: newDeviceId(),
          secretHash: hashOf(newSecret()),
          redirectTo: 'https://evil.example/steal',
        },
      })
      await expectRefusal(response, 403, 'SOCIAL_REDIRECT_NOT_ALLOWED')
    })

    it("sends the browser back to the site's page with the state and a one-time proof; the finish needs the secret and the proof", async () => {
      const started = await start('github', { redirectTo: `${SITE}/checkout?step=2#top` })
      const back = await deliver(await standIn.authorize(started.uri, { as: newPerson().as }))
      expect(back.status).toBe(302)
      const location = new URL(back.headers.get('location') ?? '')
      expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/checkout`)
      expect(location.searchParams.get('step')).toBe('2')
      expect(location.searchParams.get(SOCIAL_RESULT_PARAM)).toBe(started.state)
      const proof = location.searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      expect(proof).toMatch(/^[\w-]{43}$/)
      expect(proof).not.toBe(started.state)
      expect(location.search).not.toContain('code=')
      await expectRefusal(await finish(started, { secret: newSecret(), proof }), 403, 'SOCIAL_SECRET_INVALID')
      await expectRefusal(await finish(started, { proof: null, waitMs: 0 }), 403, 'SOCIAL_PROOF_INVALID')
      await expectRefusal(await finish(started, { proof: newSecret() }), 403, 'SOCIAL_PROOF_INVALID')
      expect((await finish(started, { proof })).status).toBe(200)
    })

    it('refuses a start that names no page of the site to come back to', async () => {
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: app,
        body: { provider: 'google', deviceId: newDeviceId(), secretHash: hashOf(newSecret()) },
      })
      await expectRefusal(response, 400, 'SOCIAL_REDIRECT_REQUIRED')
    })

    it('refuses an unknown state and a state of another provider (mix-up)', async () => {
      const unknown = await app.request(`/v1/auth/social/callback/google?state=${newSecret()}&code=abc`)
      expect(unknown.status).toBe(400)
      expect(await unknown.text()).toContain('SOCIAL_STATE_INVALID')
      const started = await start('google')
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      const mixedUp = await deliver({
        ...callback,
        url: callback.url.replace('/callback/google', '/callback/github'),
      })
      expect(mixedUp.status).toBe(400)
      expect(await mixedUp.text()).toContain('SOCIAL_STATE_INVALID')
    })

    it('exchanges a code once: a replayed callback changes nothing', async () => {
      const started = await start('discord')
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      const back = await deliver(callback)
      expect(back.status).toBe(302)
      const proof = new URL(back.headers.get('location') ?? '').searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      const replay = await deliver(callback)
      expect(replay.status).toBe(409)
      expect(await replay.text()).toContain('SOCIAL_CODE_USED')
      expect(replay.headers.get('location')).toBeNull()
      expect((await finish(started, { proof })).status).toBe(200)
      await expectRefusal(await finish(started), 409, 'SOCIAL_CODE_USED')
    })

    it('answers an unknown or replayed callback with a page that says what happened and what to do, with no secret, no script and strict headers', async () => {
      const started = await start('google', { redirectTo: `${SITE}/checkout?order=77` })
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      const back = await deliver(callback)
      const proof = new URL(back.headers.get('location') ?? '').searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      const code = new URL(callback.url).searchParams.get('code') ?? ''
      const unknown = await app.request(`/v1/auth/social/callback/google?state=${newSecret()}&code=${code}`)
      const replayed = await deliver(callback)
      for (const [page, status, reason, what] of [
        [unknown, 400, 'SOCIAL_STATE_INVALID', 'The server knows no login of this provider'],
        [replayed, 409, 'SOCIAL_CODE_USED', 'This login came back from the provider once already'],
      ] as const) {
        expect(page.status).toBe(status)
        expect(Object.fromEntries(page.headers)).toMatchObject({
          'content-type': 'text/html; charset=utf-8',
          'referrer-policy': 'no-referrer',
          'cache-control': 'no-store',
          'x-frame-options': 'DENY',
          'x-content-type-options': 'nosniff',
        })
        const csp = page.headers.get('content-security-policy') ?? ''
        expect(csp).toMatch(
          /^default-src 'none'; style-src 'sha256-[\w+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
        )
        const html = await page.text()
        // The one inline style is the one the policy's hash allows; nothing else runs or loads.
        const style = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? ''
        expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`)
        expect(html).not.toMatch(/<script|<a |<form|<img|<iframe|\son\w+=/i)
        expect(html).toContain(what)
        expect(html).toContain('Close this window (or tab), go back to the site and start the login again.')
        expect(html).toContain(reason)
        // Neither the login's state, its code, its proof nor the site's page it was to return to.
        for (const secret of [started.state, code, proof, 'shop.example', 'order=77']) {
          expect(html).not.toContain(secret)
        }
      }
      // The replay changed nothing: the login still finishes, once.
      expect((await finish({ ...started, proof })).status).toBe(200)
    })

    it('fails a login started before every start had to name its page: no proof could reach its frame', async () => {
      const started = await start('github')
      await auth.db
        .updateTable('auth_social_attempts')
        .set({ redirect_to: null })
        .where('secret_hash', '=', hashOf(started.secret))
        .execute()
      const page = await deliver(await standIn.authorize(started.uri, { as: newPerson().as }))
      expect(page.status).toBe(400)
      expect(page.headers.get('location')).toBeNull()
      expect(await page.text()).toContain('SOCIAL_REDIRECT_REQUIRED')
      await expectRefusal(await finish(started), 400, 'SOCIAL_REDIRECT_REQUIRED')
    })

    it("refuses a code under another login's state (PKCE mismatch)", async () => {
      const victim = await start('x')
      const stolen = new URL((await standIn.authorize(victim.uri, { as: newPerson().as })).url)
      const attacker = await start('x')
      stolen.searchParams.set('state', attacker.state)
      const page = await deliver({ url: stolen.toString(), method: 'GET' })
      expectBackWithoutProof(page)
      await expectRefusal(await finish(attacker), 401, 'SOCIAL_CODE_REJECTED')
    })

    it('refuses a code exchanged for another redirect URI', async () => {
      const social = { projects: { shop: { google: standIn.configFor('google') } } }
      // The provider sends nobody to a callback the OAuth app did not register...
      const unregistered = auth.appWith({
        ...auth.configWith({ social }),
        publicUrl: 'https://unknown.portico.test',
      })
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: unregistered,
        origin: 'https://unknown.portico.test',
        body: {
          provider: 'google',
          deviceId: newDeviceId(),
          secretHash: hashOf(newSecret()),
          redirectTo: PAGE,
        },
      })
      const { uri } = authSocialStartResponseSchema.parse(await response.json())
      await expect(standIn.authorize(uri, { as: newPerson().as })).rejects.toThrow(/redirect_uri/)
      // ...and a code issued for one callback URL is refused at the token endpoint for another.
      const started = await start('google')
      const url = new URL((await standIn.authorize(started.uri, { as: newPerson().as })).url)
      const renamed = auth.appWith({ ...auth.configWith({ social }), publicUrl: RENAMED })
      const page = await renamed.request(`${url.pathname}${url.search}`)
      expectBackWithoutProof(page)
      await expectRefusal(await finish(started), 401, 'SOCIAL_CODE_REJECTED')
    })

    it('tells a denied consent and a provider error apart', async () => {
      const denied = await start('google')
      expectBackWithoutProof(await deliver(await standIn.authorize(denied.uri, { deny: true })))
      await expectRefusal(await finish(denied), 403, 'SOCIAL_CONSENT_DENIED')

      const failed = await start('discord')
      const page = await app.request(
        `/v1/auth/social/callback/discord?state=${failed.state}&error=temporarily_unavailable&error_description=Down`,
      )
      expectBackWithoutProof(page)
      const message = await expectRefusal(await finish(failed), 422, 'SOCIAL_PROVIDER_ERROR')
      expect(message).toBe('discord ended the login with an error (temporarily_unavailable: Down).')
    })

    it('says the login is still pending, then that it expired', async () => {
      const started = await start('github')
      await expectRefusal(await finish(started, { waitMs: 0 }), 409, 'SOCIAL_LOGIN_PENDING')
      auth.time += 11 * MINUTE
      await expectRefusal(await finish(started, { waitMs: 0 }), 401, 'SOCIAL_STATE_EXPIRED')
      expectBackWithoutProof(await deliver(await standIn.authorize(started.uri, { as: newPerson().as })))
    })

    it('answers a malformed start with 400, never 500', async () => {
      const response = await auth.request('POST', '/v1/auth/social/start', {
        target: app,
        body: { provider: 'myspace', deviceId: newDeviceId(), secretHash: 'x' },
      })
      await expectRefusal(response, 400, 'BAD_REQUEST')
    })
  })

  describe('against an attacker', () => {
    const finishIn = (project: string, started: Started) =>
      app.request(`/v1/auth/social/finish?projectId=${project}`, {
        method: 'POST',
        headers: { origin: FRAME, 'content-type': 'application/json' },
        body: JSON.stringify({
          state: started.state,
          secret: started.secret,
          proof: started.proof,
          deviceId: started.deviceId,
        }),
      })

    it('finishes a login only in the project, and on the device, that started it', async () => {
      const club = `club-${auth.nextNumber()}`
      await addProject(auth.db, { id: club, origins: [SITE] })
      const started = await approve(await start('google'), newPerson().as)
      await expectRefusal(await finishIn(club, started), 400, 'SOCIAL_STATE_INVALID')
      await expectRefusal(
        await finishIn('shop', { ...started, deviceId: newDeviceId() }),
        403,
        'SOCIAL_SECRET_INVALID',
      )
      expect((await finishIn('shop', started)).status).toBe(200)
    })

    it('opens one session when two finishes of one login race', async () => {
      const started = await approve(await start('github'), newPerson().as)
      const answers = await Promise.all([finish(started), finish(started), finish(started)])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
    })

    it('lets one finish of a login wait at a time: another answers at once, so finishes cannot pile up on the database', async () => {
      const started = await start('discord')
      let firstSettled = false
      // The first waits up to its 2 s; it is ended below as a closed connection would end it.
      const hangUp = new AbortController()
      const first = finish(started, { signal: hangUp.signal }).then((answer) => {
        firstSettled = true
        return answer
      })
      await expectRefusal(await finish(started), 409, 'SOCIAL_LOGIN_PENDING')
      expect(firstSettled).toBe(false)
      hangUp.abort()
      await expectRefusal(await first, 409, 'SOCIAL_LOGIN_PENDING')
      expect((await finish(await approve(started, newPerson().as))).status).toBe(200)
    })

    it('refuses a redirect to look-alike origins, other schemes and a project open to any origin', async () => {
      for (const redirectTo of [
        'https://shop.example.evil.example/',
        'https://evil.example/?https://shop.example/',
        'https://evil.example\\@shop.example/',
        'http://shop.example/',
        'https://shop.example:8443/',
        'javascript://shop.example/%0aalert(1)',
        'data:text/html,<script>alert(1)</script>',
        // A user name before the host, of the site's or another's...
        'https://user:password@shop.example/',
        'https://shop.example@evil.example/',
        'https://shop.example%2f@evil.example/',
        // ...backslashes and missing slashes, which parse to another host...
        'https:\\\\evil.example/',
        'https:/\\evil.example/',
        'https:evil.example/',
        // ...a URL relative to the scheme, a trailing dot, a tab in the host, and a page past 2 KiB.
        '//evil.example/',
        'https://shop.example./',
        'https://shop.example\t.evil.example/',
        `https://shop.example/${'a'.repeat(2_048)}`,
      ]) {
        const response = await auth.request('POST', '/v1/auth/social/start', {
          target: app,
          body: { provider: 'google', deviceId: newDeviceId(), secretHash: hashOf(newSecret()), redirectTo },
        })
        expect([400, 403], redirectTo).toContain(response.status)
        const body = (await response.json()) as { error: { code: string } }
        expect(['SOCIAL_REDIRECT_NOT_ALLOWED', 'BAD_REQUEST'], redirectTo).toContain(body.error.code)
      }
      const openId = `open-${auth.nextNumber()}`
      await addProject(auth.db, { id: openId, origins: ['*'] })
      const openApp = auth.appWith(
        auth.configWith({ social: { projects: { [openId]: { google: standIn.configFor('google') } } } }),
      )
      const open = await openApp.request(`/v1/auth/social/start?projectId=${openId}`, {
        method: 'POST',
        headers: { origin: FRAME, 'content-type': 'application/json' },
        body: JSON.stringify({
          provider: 'google',
          deviceId: newDeviceId(),
          secretHash: hashOf(newSecret()),
          redirectTo: 'https://evil.example/',
        }),
      })
      // Such a project names no page to come back to, so it offers no social login at all.
      await expectRefusal(open, 400, 'SOCIAL_ORIGINS_UNLISTED')
    })

    it("comes back to the page as the server parsed it, with the callback's own parameters only", async () => {
      const started = await start('google', {
        redirectTo: `https://SHOP.example:443/a?${SOCIAL_PROOF_PARAM}=forged&${SOCIAL_RESULT_PARAM}=forged&b=1#x`,
      })
      const location = expectBackWithoutProof(
        await deliver(await standIn.authorize(started.uri, { deny: true })),
      )
      expect(location.toString()).toBe(`${SITE}/a?b=1&${SOCIAL_RESULT_PARAM}=${started.state}`)
    })

    it('refuses a callback replayed after a failed login or after the finish, and changes neither', async () => {
      const denied = await start('google')
      expectBackWithoutProof(await deliver(await standIn.authorize(denied.uri, { deny: true })))
      // A good code of another login, sent under the failed login's state.
      const other = await start('google')
      const swapped = new URL((await standIn.authorize(other.uri, { as: newPerson().as })).url)
      swapped.searchParams.set('state', denied.state)
      const afterFailure = await deliver({ url: swapped.toString(), method: 'GET' })
      expect(afterFailure.status).toBe(409)
      expect(await afterFailure.text()).toContain('SOCIAL_CODE_USED')
      await expectRefusal(await finish(denied), 403, 'SOCIAL_CONSENT_DENIED')

      const started = await start('github')
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      const back = await deliver(callback)
      const proof = new URL(back.headers.get('location') ?? '').searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      expect((await finish(started, { proof })).status).toBe(200)
      const afterFinish = await deliver(callback)
      expect(afterFinish.status).toBe(409)
      expect(afterFinish.headers.get('location')).toBeNull()
      await expectRefusal(await finish(started, { proof }), 409, 'SOCIAL_CODE_USED')
    })

    it("sends another project's login back to that project's page, and finishes it only there", async () => {
      const club = `club-${auth.nextNumber()}`
      const clubSite = `https://club${auth.nextNumber()}.example`
      await addProject(auth.db, { id: club, origins: [clubSite] })
      const google = standIn.configFor('google')
      const target = auth.appWith(
        auth.configWith({
          social: { projects: { shop: { google }, [club]: { google } }, finishWaitMs: 2_000 },
        }),
      )
      const call = (path: string, project: string, body: unknown) =>
        target.request(`${path}?projectId=${project}`, {
          method: 'POST',
          headers: { origin: FRAME, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      const secret = newSecret()
      const deviceId = newDeviceId()
      const startIn = (redirectTo: string) =>
        call('/v1/auth/social/start', club, {
          provider: 'google',
          deviceId,
          secretHash: hashOf(secret),
          redirectTo,
        })
      // A login of the club cannot name the shop's page...
      await expectRefusal(await startIn(PAGE), 403, 'SOCIAL_REDIRECT_NOT_ALLOWED')
      // ...and its callback, though the same provider's app serves both, goes back to the club's.
      const { uri, state } = authSocialStartResponseSchema.parse(
        await (await startIn(`${clubSite}/in`)).json(),
      )
      const back = await deliver(await standIn.authorize(uri, { as: newPerson().as }), target)
      const location = new URL(back.headers.get('location') ?? '')
      expect(location.origin).toBe(clubSite)
      const proof = location.searchParams.get(SOCIAL_PROOF_PARAM)
      const finishing = { state, secret, proof, deviceId, waitMs: 0 }
      await expectRefusal(
        await call('/v1/auth/social/finish', 'shop', finishing),
        400,
        'SOCIAL_STATE_INVALID',
      )
      expect((await call('/v1/auth/social/finish', club, finishing)).status).toBe(200)
    })

    it('counts callbacks by client address, and starts and finishes by address and project: 429 RATE_LIMITED past a limit, never a 500', async () => {
      const social = { projects: { shop: { github: standIn.configFor('github') } }, finishWaitMs: 2_000 }
      const limitedTo = (rateLimit: { perIp: number; perProject: number }) =>
        auth.appWith({
          ...auth.configWith({ social }),
          trustProxy: true,
          rateLimit: { ...rateLimit, store: 'memory' },
        })
      const callback = (target: App, ip: string) =>
        target.request(`/v1/auth/social/callback/github?state=${newSecret()}&code=x`, {
          headers: { 'x-forwarded-for': ip },
        })
      const byAddress = limitedTo({ perIp: 3, perProject: 1_000 })
      for (let i = 0; i < 3; i++) expect((await callback(byAddress, '203.0.113.5')).status).toBe(400)
      const over = await callback(byAddress, '203.0.113.5')
      await expectRefusal(over, 429, 'RATE_LIMITED')
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await callback(byAddress, '198.51.100.5')).status).toBe(400)
      // The project's limit holds whichever address asks; callbacks name no project, so only
      // starts and finishes count against it.
      const byProject = limitedTo({ perIp: 1_000, perProject: 2 })
      const started = await start('github', { target: byProject })
      await expectRefusal(
        await finish(started, { target: byProject, waitMs: 0, from: '198.51.100.6' }),
        409,
        'SOCIAL_LOGIN_PENDING',
      )
      expect((await callback(byProject, '198.51.100.7')).status).toBe(400)
      await expectRefusal(
        await finish(started, { target: byProject, from: '198.51.100.8' }),
        429,
        'RATE_LIMITED',
      )
    })

    describe('the hourly limits on starts, each a row kept a day', () => {
      const startStep: HourlyLimitsStep = {
        auth,
        what: 'social login starts',
        authConfig: (projects, startLimits) => ({
          social: {
            projects: Object.fromEntries(projects.map((id) => [id, { github: standIn.configFor('github') }])),
            startLimits,
          },
        }),
        take: async (target, projectId, ip) =>
          target.request(`/v1/auth/social/start?projectId=${projectId}`, {
            method: 'POST',
            headers: { origin: FRAME, 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify({
              provider: 'github',
              deviceId: newDeviceId(),
              secretHash: hashOf(newSecret()),
              redirectTo: PAGE,
            }),
          }),
        table: 'auth_social_attempts',
      }

      it('refuses an address past its starts of the hour in a project, writing no attempt; others go on, and it does once the window moves on', async () => {
        await expectAddressLimit(startStep)
      })

      it("refuses every address past the project's starts of the hour, writing no attempt; another project goes on", async () => {
        await expectProjectLimit(startStep)
      })
    })

    it('lets one client address hold 16 waiting finishes at most: its next answers at once, another address still waits', async () => {
      const target = auth.appWith({
        ...auth.configWith({
          social: { projects: { shop: { github: standIn.configFor('github') } }, finishWaitMs: 20_000 },
        }),
        trustProxy: true,
      })
      const [elsewhere, ...logins] = await Promise.all(
        Array.from({ length: 18 }, () => start('github', { target })),
      )
      if (!elsewhere) throw new Error('The logins did not start.')
      // Each asks without the proof, as the opener's frame does while its popup is open; the popup's
      // page then finishes the login, and an opener that waited hears it was finished.
      const openerOf = (login: Started, from: string) =>
        finish(login, { target, proof: null, waitMs: 20_000, from })
      const popupOf = async (login: Started, from: string) =>
        expect((await finish(await approve(login, newPerson().as, target), { target, from })).status).toBe(
          200,
        )
      const openers = logins.map((login, index) =>
        openerOf(login, '203.0.113.9').then((answer) => ({ index, answer })),
      )
      // Seventeen from one address: one of them cannot wait, and answers before any popup is back.
      const first = await Promise.race(openers)
      await expectRefusal(first.answer, 409, 'SOCIAL_LOGIN_PENDING')
      // Another address, meanwhile, waits as before.
      const elsewhereOpener = openerOf(elsewhere, '198.51.100.9')
      await popupOf(elsewhere, '198.51.100.9')
      await expectRefusal(await elsewhereOpener, 409, 'SOCIAL_CODE_USED')
      const others = logins.filter((_, index) => index !== first.index)
      await Promise.all(others.map((login) => popupOf(login, '203.0.113.9')))
      for (const { index, answer } of await Promise.all(openers)) {
        if (index !== first.index) await expectRefusal(answer, 409, 'SOCIAL_CODE_USED')
      }
    })

    it("carries nothing of a provider's error to the site's page but the state", async () => {
      const started = await start('discord')
      const page = await app.request(
        `/v1/auth/social/callback/discord?state=${started.state}&error=${encodeURIComponent('<img src=x onerror=alert(1)>')}&error_description=${encodeURIComponent('<script>alert(1)</script>')}`,
      )
      const location = expectBackWithoutProof(page)
      expect([...location.searchParams.keys()]).toEqual([SOCIAL_RESULT_PARAM])
      await expectRefusal(await finish(started), 422, 'SOCIAL_PROVIDER_ERROR')
    })

    it("binds the finish to the browser that approved: a login started by one and approved by another (a link sent to a victim) is not the starter's", async () => {
      // The attacker starts in their own frame (which holds the secret) and sends the provider's
      // authorise URL to the victim, whose provider skips the consent for an app already granted.
      const attacker = await start('google')
      const victimBrowser = await approve(attacker, newPerson().as)
      // The proof went to the site's page in the victim's browser only; the attacker's frame has
      // the secret but not the proof, whether it waits or asks at once, or guesses.
      await expectRefusal(await finish(attacker, { waitMs: 300 }), 403, 'SOCIAL_PROOF_INVALID')
      await expectRefusal(await finish(attacker, { waitMs: 0 }), 403, 'SOCIAL_PROOF_INVALID')
      await expectRefusal(await finish(attacker, { proof: newSecret() }), 403, 'SOCIAL_PROOF_INVALID')
      // In the victim's browser, the page's frame has no secret of this login: the proof alone
      // opens nothing either.
      await expectRefusal(await finish(victimBrowser, { secret: newSecret() }), 403, 'SOCIAL_SECRET_INVALID')
      const sessions = await auth.db
        .selectFrom('auth_sessions')
        .select('user_id')
        .where('device_id', '=', attacker.deviceId)
        .execute()
      expect(sessions).toEqual([])
    })

    it("ends the starting frame's wait when the popup's page finished the login with the proof (same frame partition)", async () => {
      const started = await start('x')
      // The opener's frame asks while the popup is open, without the proof it never sees...
      const opener = finish(started, { proof: null, waitMs: 2_000 })
      // ...the popup comes back to the site's page, whose frame (same secret) finishes with it...
      const popup = await finish(await approve(started, newPerson().as))
      expect(popup.status).toBe(200)
      // ...and the opener learns it was finished, and reads the session its partition now holds.
      await expectRefusal(await opener, 409, 'SOCIAL_CODE_USED')
    })

    it("writes no code, state, secret or session token in the server's log", async () => {
      const lines: string[] = []
      const logger = createLogger({ level: 'debug', stream: { write: (line: string) => lines.push(line) } })
      const config = auth.configWith({
        social: { projects: { shop: { github: standIn.configFor('github') } }, finishWaitMs: 2_000 },
      })
      const target = createApp({ config, db: auth.db, logger, now: auth.now })
      const started = await start('github', { target })
      const callback = await standIn.authorize(started.uri, { as: newPerson().as })
      const code = new URL(callback.url).searchParams.get('code') ?? ''
      const back = await deliver(callback, target)
      expect(back.status).toBe(302)
      const proof = new URL(back.headers.get('location') ?? '').searchParams.get(SOCIAL_PROOF_PARAM) ?? ''
      const response = await finish(started, { proof, target })
      const { token } = authSocialFinishResponseSchema.parse(await response.json())
      const log = lines.join('')
      expect(lines.length).toBeGreaterThan(2)
      for (const secret of [code, started.state, started.secret, proof, token])
        expect(log).not.toContain(secret)
    })

    it('cuts off a callback form past 16 KiB as it arrives, with 413', async () => {
      const started = await start('apple')
      let sent = 0
      const chunk = new TextEncoder().encode(`state=${started.state}&user=${'a'.repeat(64 * 1024)}`)
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          // Eight MiB in all, unless the server stops reading first.
          if (sent >= 8 * 1024 * 1024) return controller.close()
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const response = await app.request(
        new Request(`${FRAME}/v1/auth/social/callback/apple`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          duplex: 'half',
        } as RequestInit),
      )
      expect(response.status).toBe(413)
      expect(sent).toBeLessThan(1024 * 1024)
    })
  })
})
