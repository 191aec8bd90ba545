import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  apiErrorSchema,
  authFarcasterChannelResponseSchema,
  authFarcasterConnectResponseSchema,
  authSessionResponseSchema,
} from '@portico/core/api'
import { type AnvilInstance, startAnvil } from '@portico/test'
import {
  addAuthAddress,
  approveFarcasterSignIn,
  deployFarcasterRegistries,
  type FarcasterRelay,
  registerFid,
  startFarcasterRelay,
} from '@portico/test/farcaster'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addProject } from '../../projects/projects.js'
import {
  type App,
  describeAuthRoutes,
  expectRefusal,
  FRAME,
  MINUTE,
  newDeviceId,
  newSeed,
  SITE,
} from '../authRoutesHarness.testkit.js'
import { expectAddressLimit, expectProjectLimit, type HourlyLimitsStep } from '../hourlyLimits.testkit.js'

let anvil: AnvilInstance
let relay: FarcasterRelay
// A relay whose channels last 1 s on its own clock, for the channel the relay itself forgets.
let relayTime = Date.now()
let shortRelay: FarcasterRelay

beforeAll(async () => {
  ;[anvil, relay, shortRelay] = await Promise.all([
    startAnvil({ chainId: 10 }),
    startFarcasterRelay(),
    startFarcasterRelay({ channelTtlMs: 1_000, now: () => relayTime }),
  ])
  await deployFarcasterRegistries(anvil.rpcUrl)
}, 60_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), relay?.stop(), shortRelay?.stop()])
})

/** A Farcaster account: a custody key registered in the ID registry on anvil. */
async function newFarcasterAccount() {
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = await registerFid(anvil.rpcUrl, custody.address)
  return { custody, fid }
}

describeAuthRoutes('Sign In With Farcaster', (auth) => {
  let app: App
  const farcaster = (extra: Record<string, unknown> = {}) => ({
    farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, waitMs: 2_000, pollMs: 50, ...extra },
  })
  beforeAll(() => {
    app = auth.appWith(auth.configWith(farcaster()))
  })
  // The signed message's expiry is checked on the real clock, so the server's starts from it too.
  beforeEach(() => {
    auth.time = Date.now()
  })

  const openChannel = async (deviceId: string, target = app, origin = SITE) => {
    const response = await auth.request('POST', '/v1/auth/farcaster/channel', {
      body: { deviceId, origin },
      target,
    })
    expect(response.status).toBe(200)
    return authFarcasterChannelResponseSchema.parse(await response.json())
  }
  const connect = (deviceId: string, channelId: string, target = app) =>
    auth.request('POST', '/v1/auth/farcaster/connect', { body: { deviceId, channelId }, target })
  /** A new device opens a channel and the Farcaster app signs it with `account`: what a login repeats. */
  const signedChannel = async (
    account: Parameters<typeof approveFarcasterSignIn>[0]['account'],
    profile: Parameters<typeof approveFarcasterSignIn>[0]['profile'],
    overrides?: Parameters<typeof approveFarcasterSignIn>[0]['overrides'],
  ) => {
    const deviceId = newDeviceId()
    const channel = await openChannel(deviceId)
    await approveFarcasterSignIn({
      url: channel.url,
      relayUrl: relay.url,
      account,
      profile,
      ...(overrides ? { overrides } : {}),
    })
    return { deviceId, channel }
  }

  it('opens the fid’s embedded wallet once its custody address signed, and keeps the profile for Account', async () => {
    const { custody, fid } = await newFarcasterAccount()
    const deviceId = newDeviceId()
    const channel = await openChannel(deviceId)
    const link = new URL(channel.url)
    // The relay was asked for the site's domain and a nonce the server issued.
    expect(link.searchParams.get('domain')).toBe('shop.example')
    expect(link.searchParams.get('siweUri')).toBe(SITE)
    expect(link.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/)
    expect(channel.expiresAt).toBe(auth.time + 5 * MINUTE)

    const waiting = connect(deviceId, channel.channelId)
    await approveFarcasterSignIn({
      url: channel.url,
      relayUrl: relay.url,
      account: custody,
      profile: { fid, username: 'alice', displayName: 'Alice', pfpUrl: 'https://i.example/alice.png' },
    })
    const response = await waiting
    expect(response.status).toBe(200)
    const connected = authFarcasterConnectResponseSchema.parse(await response.json())
    if (connected.status !== 'connected') throw new Error('The login did not complete.')
    expect(connected.isNewUser).toBe(true)
    expect(connected.user).toEqual({
      id: expect.any(String),
      // A social login of the provider 'farcaster', without an e-mail.
      userName: 'alice',
      socialProvider: 'farcaster',
      profileImage: 'https://i.example/alice.png',
    })
    expect(response.headers.get('set-cookie')).toContain('portico_session=')

    const session = await auth.request('GET', '/v1/auth/session', { token: connected.token, target: app })
    expect(authSessionResponseSchema.parse(await session.json()).user).toEqual(connected.user)
    // The wallet is the e-mail wallet's: one seed per user, in the seed vault.
    const seed = newSeed()
    expect(
      (await auth.request('PUT', '/v1/auth/wallet', { token: connected.token, body: { seed }, target: app }))
        .status,
    ).toBe(201)
    // It has no e-mail address to change; the refusal names the provider as people write it.
    const change = await auth.request('POST', '/v1/auth/email/update', {
      token: connected.token,
      body: { newEmail: 'alice@example.com' },
      target: app,
    })
    expect(await expectRefusal(change, 400, 'BAD_REQUEST')).toBe(
      'This account has no e-mail address to change: it logs in with Farcaster.',
    )

    // The same fid later, on another device, with a new name: the same user and wallet.
    const again = await signedChannel(custody, { fid, username: 'alice2' })
    const second = authFarcasterConnectResponseSchema.parse(
      await (await connect(again.deviceId, again.channel.channelId)).json(),
    )
    if (second.status !== 'connected') throw new Error('The second login did not complete.')
    expect(second.isNewUser).toBe(false)
    expect(second.user).toEqual({ id: connected.user.id, userName: 'alice2', socialProvider: 'farcaster' })
    expect(await auth.readSeed(second.token, app)).toBe(seed)
  })

  it('accepts an auth address the fid’s custody address added', async () => {
    const { custody, fid } = await newFarcasterAccount()
    const appKey = privateKeyToAccount(generatePrivateKey())
    await addAuthAddress(anvil.rpcUrl, { fid, custody: custody.address, authAddress: appKey.address })
    const { deviceId, channel } = await signedChannel(appKey, { fid })
    const body = authFarcasterConnectResponseSchema.parse(
      await (await connect(deviceId, channel.channelId)).json(),
    )
    expect(body.status).toBe('connected')
  })

  it('refuses a signature whose key holds another fid than the one the message names', async () => {
    const victim = await newFarcasterAccount()
    const attacker = await newFarcasterAccount()
    const { deviceId, channel } = await signedChannel(attacker.custody, {
      fid: victim.fid,
      username: 'victim',
    })
    const refused = await connect(deviceId, channel.channelId)
    expect(await expectRefusal(refused, 401, 'FARCASTER_SIGNIN_INVALID')).toContain(
      `is not an auth address or owner of fid ${victim.fid}.`,
    )
    // The refused channel is spent: asking again does not wait for another answer.
    await expectRefusal(await connect(deviceId, channel.channelId), 401, 'FARCASTER_SIGNIN_INVALID')
  })

  it('refuses a key that holds no fid at all', async () => {
    const { fid } = await newFarcasterAccount()
    const stranger = privateKeyToAccount(generatePrivateKey())
    const { deviceId, channel } = await signedChannel(stranger, { fid })
    await expectRefusal(await connect(deviceId, channel.channelId), 401, 'FARCASTER_SIGNIN_INVALID')
  })

  it.each([
    ['another domain', { domain: 'evil.example' }, 'Invalid domain'],
    ['another nonce', { nonce: 'abcdef0123456789' }, 'Invalid nonce'],
    ['an expiry already past', { expirationTime: new Date(Date.now() - MINUTE) }, 'Invalid message'],
  ])('refuses a message signed for %s', async (_case, overrides, reason) => {
    const { custody, fid } = await newFarcasterAccount()
    const { deviceId, channel } = await signedChannel(custody, { fid }, overrides)
    expect(
      await expectRefusal(await connect(deviceId, channel.channelId), 401, 'FARCASTER_SIGNIN_INVALID'),
    ).toContain(reason)
  })

  it('answers pending when the Farcaster app does not answer within the wait, and expired once the channel ends', async () => {
    // A short wait: what is shown is that the answer comes at its end, not at the channel's.
    const brief = auth.appWith(auth.configWith(farcaster({ waitMs: 200 })))
    const deviceId = newDeviceId()
    const channel = await openChannel(deviceId, brief)
    const started = performance.now()
    const response = await connect(deviceId, channel.channelId, brief)
    expect(authFarcasterConnectResponseSchema.parse(await response.json())).toEqual({ status: 'pending' })
    // Bounded by waitMs (0.2 s here), not by the channel's 5 minutes.
    expect(performance.now() - started).toBeLessThan(10_000)
    auth.time += 5 * MINUTE
    expect(
      await expectRefusal(
        await connect(deviceId, channel.channelId, brief),
        401,
        'FARCASTER_CHANNEL_EXPIRED',
      ),
    ).toBe('The Farcaster sign-in expired before it was approved: start a new one.')
  })

  it('says expired when the relay forgot the channel', async () => {
    const shortApp = auth.appWith(auth.configWith(farcaster({ relayUrl: shortRelay.url })))
    const deviceId = newDeviceId()
    const channel = await openChannel(deviceId, shortApp)
    relayTime += 2_000
    await expectRefusal(
      await connect(deviceId, channel.channelId, shortApp),
      401,
      'FARCASTER_CHANNEL_EXPIRED',
    )
  })

  it('uses a channel for one login only, and only on the device that opened it', async () => {
    const { custody, fid } = await newFarcasterAccount()
    const { deviceId, channel } = await signedChannel(custody, { fid })
    await expectRefusal(await connect(newDeviceId(), channel.channelId), 404, 'NOT_FOUND')
    expect((await connect(deviceId, channel.channelId)).status).toBe(200)
    await expectRefusal(await connect(deviceId, channel.channelId), 401, 'FARCASTER_SIGNIN_INVALID')
  })

  it('finishes a sign-in only in the project that opened it, and once when two connects race', async () => {
    const club = `club-${auth.nextNumber()}`
    await addProject(auth.db, { id: club, origins: [SITE] })
    const { custody, fid } = await newFarcasterAccount()
    const deviceId = newDeviceId()
    const channel = await openChannel(deviceId)
    await approveFarcasterSignIn({
      url: channel.url,
      relayUrl: relay.url,
      account: custody,
      profile: { fid },
    })
    const inClub = await app.request(`/v1/auth/farcaster/connect?projectId=${club}`, {
      method: 'POST',
      headers: { origin: FRAME, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId, channelId: channel.channelId }),
    })
    await expectRefusal(inClub, 404, 'NOT_FOUND')
    const answers = await Promise.all([
      connect(deviceId, channel.channelId),
      connect(deviceId, channel.channelId),
    ])
    // One takes the sign-in; the other, refused, or (the relay asked a moment ago) told it is pending.
    const outcomes = await Promise.all(
      answers.map(async (answer) =>
        answer.status === 200
          ? authFarcasterConnectResponseSchema.parse(await answer.json()).status
          : apiErrorSchema.parse(await answer.json()).error.code,
      ),
    )
    expect(outcomes.sort()).toEqual(
      outcomes.includes('pending') ? ['connected', 'pending'] : ['FARCASTER_SIGNIN_INVALID', 'connected'],
    )
  })

  describe('against an attacker', () => {
    // Connects that wait long, so a test tells one that waits from one that answers at once.
    let patient: App
    beforeAll(() => {
      patient = auth.appWith({ ...auth.configWith(farcaster({ waitMs: 20_000 })), trustProxy: true })
    })
    const openFrom = async (from: string) => {
      const deviceId = newDeviceId()
      const response = await auth.request('POST', '/v1/auth/farcaster/channel', {
        body: { deviceId, origin: SITE },
        target: patient,
        headers: { 'x-forwarded-for': from },
      })
      return { deviceId, ...authFarcasterChannelResponseSchema.parse(await response.json()) }
    }
    const connectFrom = (
      channel: { deviceId: string; channelId: string },
      from: string,
      signal?: AbortSignal,
    ) =>
      auth.request('POST', '/v1/auth/farcaster/connect', {
        body: { deviceId: channel.deviceId, channelId: channel.channelId },
        target: patient,
        headers: { 'x-forwarded-for': from },
        ...(signal ? { signal } : {}),
      })
    const sign = (url: string, account: Awaited<ReturnType<typeof newFarcasterAccount>>) =>
      approveFarcasterSignIn({
        url,
        relayUrl: relay.url,
        account: account.custody,
        profile: { fid: account.fid },
      })
    const statusOf = async (response: Response) =>
      authFarcasterConnectResponseSchema.parse(await response.json()).status

    it('lets one connect of a channel wait on the relay at a time: another answers at once', async () => {
      const account = await newFarcasterAccount()
      const channel = await openFrom('203.0.113.20')
      const both = [0, 1].map((index) =>
        connectFrom(channel, '203.0.113.20').then((answer) => ({ index, answer })),
      )
      // Whichever came second asked once and answered, before the sign-in was approved...
      const early = await Promise.race(both)
      expect(await statusOf(early.answer)).toBe('pending')
      await sign(channel.url, account)
      // ...and the one that waited takes the approval.
      const waited = await both[1 - early.index]
      expect(await statusOf(waited?.answer ?? Response.error())).toBe('connected')
    })

    it('lets one client address hold 16 waiting connects at most: its next answers at once, another address still waits', async () => {
      const account = await newFarcasterAccount()
      const channels = await Promise.all(Array.from({ length: 17 }, () => openFrom('203.0.113.21')))
      const connects = channels.map((channel, index) =>
        connectFrom(channel, '203.0.113.21').then((answer) => ({ index, answer })),
      )
      // One of the seventeen cannot wait, and answers before any is approved.
      const first = await Promise.race(connects)
      expect(await statusOf(first.answer)).toBe('pending')
      // Another address, meanwhile, waits as before.
      const elsewhere = await openFrom('198.51.100.21')
      const waitingElsewhere = connectFrom(elsewhere, '198.51.100.21')
      await sign(elsewhere.url, account)
      expect(await statusOf(await waitingElsewhere)).toBe('connected')
      // The sixteen that waited take their approvals.
      const others = channels.filter((_, index) => index !== first.index)
      for (const channel of others) await sign(channel.url, account)
      for (const { index, answer } of await Promise.all(connects)) {
        if (index !== first.index) expect(await statusOf(answer)).toBe('connected')
      }
    })

    it('asks the relay about a channel at most once a poll, however many connects come', async () => {
      // In front of the relay, counting the status questions the server asks it.
      let asked = 0
      const proxy = createServer(async (request, response) => {
        if (request.url === '/v1/channel/status') asked++
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        const headers: Record<string, string> = {}
        for (const name of ['authorization', 'content-type']) {
          const value = request.headers[name]
          if (typeof value === 'string') headers[name] = value
        }
        const answer = await fetch(`${relay.url}${request.url ?? '/'}`, {
          method: request.method ?? 'GET',
          headers,
          ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
        })
        response.writeHead(answer.status, { 'content-type': 'application/json' })
        response.end(Buffer.from(await answer.arrayBuffer()))
      })
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
      try {
        const { port } = proxy.address() as AddressInfo
        const target = auth.appWith(
          auth.configWith(farcaster({ relayUrl: `http://127.0.0.1:${port}`, waitMs: 0, pollMs: 10_000 })),
        )
        const connectTo = async (deviceId: string, channelId: string) =>
          statusOf(
            await auth.request('POST', '/v1/auth/farcaster/connect', {
              body: { deviceId, channelId },
              target,
            }),
          )
        const first = newDeviceId()
        const firstChannel = await openChannel(first, target)
        const answers = await Promise.all(
          Array.from({ length: 20 }, () => connectTo(first, firstChannel.channelId)),
        )
        expect(answers).toEqual(Array.from({ length: 20 }, () => 'pending'))
        expect(asked).toBe(1)
        // Per channel: another one's first connect asks.
        const second = newDeviceId()
        expect(await connectTo(second, (await openChannel(second, target)).channelId)).toBe('pending')
        expect(asked).toBe(2)
      } finally {
        await new Promise((resolve) => proxy.close(resolve))
      }
    })
  })

  describe('the hourly limits on sign-ins, each a channel on the relay', () => {
    const channelStep: HourlyLimitsStep = {
      auth,
      what: 'Farcaster sign-ins',
      authConfig: (_projects, channelLimits) => farcaster({ channelLimits }),
      take: async (target, projectId, ip) => {
        const opened = relay.channels().length
        const response = await target.request(`/v1/auth/farcaster/channel?projectId=${projectId}`, {
          method: 'POST',
          headers: { origin: FRAME, 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ deviceId: newDeviceId(), origin: SITE }),
        })
        // A refused sign-in asked the relay for nothing.
        expect(relay.channels().length).toBe(response.status === 200 ? opened + 1 : opened)
        return response
      },
      table: 'auth_farcaster_channels',
    }

    it('refuses an address past its sign-ins of the hour in a project, opening no channel; others go on, and it does once the window moves on', async () => {
      await expectAddressLimit(channelStep)
    })

    it("refuses every address past the project's sign-ins of the hour, opening no channel; another project goes on", async () => {
      await expectProjectLimit(channelStep)
    })
  })

  it('opens channels only for the project’s own sites', async () => {
    const response = await auth.request('POST', '/v1/auth/farcaster/channel', {
      body: { deviceId: newDeviceId(), origin: 'https://evil.example' },
      target: app,
    })
    await expectRefusal(response, 403, 'ORIGIN_NOT_ALLOWED')
  })

  it('shows only an https picture and a well-formed username', async () => {
    const { custody, fid } = await newFarcasterAccount()
    const { deviceId, channel } = await signedChannel(custody, {
      fid,
      username: 'Al\u202Eice <b>',
      pfpUrl: 'javascript:alert(1)',
    })
    const body = authFarcasterConnectResponseSchema.parse(
      await (await connect(deviceId, channel.channelId)).json(),
    )
    if (body.status !== 'connected') throw new Error('The login did not complete.')
    expect(body.user).toEqual({ id: expect.any(String), socialProvider: 'farcaster' })
  })

  it('is off, with the reason, without an Optimism RPC endpoint', async () => {
    const off = auth.appWith(auth.configWith({ farcaster: { relayUrl: relay.url } }))
    const response = await auth.request('POST', '/v1/auth/farcaster/channel', {
      body: { deviceId: newDeviceId(), origin: SITE },
      target: off,
    })
    expect(await expectRefusal(response, 503, 'UNAVAILABLE')).toContain('auth.farcaster.rpcUrl')
  })

  it('says the relay failed when it cannot be reached', async () => {
    const down = auth.appWith(auth.configWith(farcaster({ relayUrl: 'http://127.0.0.1:9' })))
    const response = await auth.request('POST', '/v1/auth/farcaster/channel', {
      body: { deviceId: newDeviceId(), origin: SITE },
      target: down,
    })
    expect(apiErrorSchema.parse(await response.json()).error.code).toBe('UPSTREAM_ERROR')
    expect(response.status).toBe(502)
  })
})
