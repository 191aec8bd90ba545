/**
 * Two server instances on one PostgreSQL behind nginx, as a site deploys them: what one instance
 * writes (a sign-in nonce, a mailed code, rate-limit counts, sessions) the other reads, so a
 * visitor's requests may land on either.
 */
import { randomBytes } from 'node:crypto'
import {
  apiErrorSchema,
  authOtpResponseSchema,
  siwxNonceResponseSchema,
  siwxSessionResponseSchema,
} from '@portico/core/api'
import { createSiwxMessage } from '@portico/siwx'
import { ANVIL_PRIVATE_KEYS, getFreePort } from '@portico/test'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest } from '../db/migrate.js'
import { addProject } from '../projects/projects.js'
import { type NginxProxy, startNginxProxy } from '../testing/nginxProxy.testkit.js'
import { type ServerProcess, startServerProcess } from '../testing/serverProcess.testkit.js'
import { type SmtpCatcher, startSmtpCatcher } from '../testing/smtpCatcher.testkit.js'
import { createTestDatabase, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const PER_PROJECT = 12
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])

describe('two instances on one PostgreSQL behind nginx', () => {
  let database: TestDatabase
  let smtp: SmtpCatcher
  let instances: ServerProcess[] = []
  let nginx: NginxProxy
  let publicUrl: string

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    const admin = database.open()
    await migrateToLatest(admin)
    for (const id of ['shop', 'mail', 'burst']) await addProject(admin, { id, origins: [SITE] })
    await admin.destroy()
    smtp = await startSmtpCatcher()
    const masterKey = randomBytes(32).toString('hex')
    // Each instance is a `portico-server start` process of its own, so one can be killed for real.
    const config = (url: string, port: number) => ({
      host: '127.0.0.1',
      port,
      dataDir: 'memory://',
      databaseUrl: database.config.databaseUrl,
      trustProxy: true,
      publicUrl: url,
      shutdownTimeoutMs: 0,
      rateLimit: { perProject: PER_PROJECT },
      auth: { masterKey, smtp: { host: '127.0.0.1', port: smtp.port } },
      log: { level: 'error' },
    })
    // The instances' public URL is nginx's, and nginx names the instances' ports: all three are
    // picked first, nginx starts, then the instances on their ports.
    const [nginxPort, ...ports] = await Promise.all([getFreePort(), getFreePort(), getFreePort()])
    publicUrl = `http://127.0.0.1:${nginxPort}`
    nginx = await startNginxProxy(
      ports.map((port) => `127.0.0.1:${port}`),
      { port: nginxPort },
    )
    instances = await Promise.all(ports.map((port) => startServerProcess(config(publicUrl, port))))
  }, 120_000)

  afterAll(async () => {
    await nginx?.stop()
    for (const instance of instances) await instance.kill()
    await smtp?.close()
    await database?.drop()
  })

  /** A request through nginx; `upstream` is the instance that answered (`127.0.0.1:<port>`). */
  const send = async (
    method: string,
    path: string,
    {
      project = 'shop',
      origin = SITE,
      body,
      token,
    }: { project?: string; origin?: string; body?: unknown; token?: string } = {},
  ) => {
    const headers: Record<string, string> = { origin }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    const response = await fetch(`${nginx.url}${path}?projectId=${project}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(20_000),
    })
    return { response, upstream: response.headers.get('x-portico-upstream') ?? '' }
  }
  const codeOf = async (response: Response) => apiErrorSchema.parse(await response.json()).error.code

  const siwxMessage = (nonce: string) => {
    const time = Date.now()
    return createSiwxMessage({
      domain: 'shop.example',
      accountAddress: alice.address,
      statement: 'Sign in to the shop.',
      uri: `${SITE}/login`,
      version: '1',
      chainId: 'eip155:1',
      nonce,
      issuedAt: new Date(time).toISOString(),
      expirationTime: new Date(time + 3_600_000).toISOString(),
    })
  }

  let siwxToken = ''
  let authToken = ''

  it('accepts a nonce issued by one instance on the other, exactly once', async () => {
    const issued = await send('POST', '/v1/siwx/nonce', { body: {} })
    expect(issued.response.status).toBe(201)
    const { nonce } = siwxNonceResponseSchema.parse(await issued.response.json())
    const message = siwxMessage(nonce)
    const signature = await alice.signMessage({ message })
    const first = await send('POST', '/v1/siwx/sessions', { body: { message, signature } })
    expect(first.response.status).toBe(201)
    // Round-robin: the session was made by the instance that did not issue the nonce.
    expect(first.upstream).not.toBe(issued.upstream)
    siwxToken = siwxSessionResponseSchema.parse(await first.response.json()).token as string
    const again = await send('POST', '/v1/siwx/sessions', { body: { message, signature } })
    expect(again.upstream).toBe(issued.upstream)
    expect(again.response.status).toBe(401)
    expect(await codeOf(again.response)).toBe('SIWX_NONCE_USED')
  })

  it('verifies on one instance the code mailed through the other', async () => {
    const email = 'visitor@mail.example'
    const deviceId = randomBytes(16).toString('base64url')
    const asked = await send('POST', '/v1/auth/email', {
      project: 'mail',
      origin: publicUrl,
      body: { email, deviceId },
    })
    expect(asked.response.status).toBe(200)
    const mail = await smtp.waitFor(email)
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1] ?? ''
    // The cool-down is shared too: the other instance refuses a second mail at once.
    const tooSoon = await send('POST', '/v1/auth/email', {
      project: 'mail',
      origin: publicUrl,
      body: { email, deviceId },
    })
    expect(tooSoon.upstream).not.toBe(asked.upstream)
    expect(await codeOf(tooSoon.response)).toBe('EMAIL_COOLDOWN')
    // One request to the instance that sent the mail, so the code goes to the other one.
    const shift = await send('GET', '/health')
    expect(shift.upstream).toBe(asked.upstream)
    const verified = await send('POST', '/v1/auth/otp', {
      project: 'mail',
      origin: publicUrl,
      body: { email, deviceId, otp: code },
    })
    expect(verified.upstream).not.toBe(asked.upstream)
    expect(verified.response.status).toBe(200)
    authToken = authOtpResponseSchema.parse(await verified.response.json()).token
  })

  it('counts the requests to both instances against one rate limit', async () => {
    // Aligned one-minute windows: a burst that crossed into the next one would start counting
    // again, so it is run again in the new window.
    for (let attempt = 0; attempt < 2; attempt++) {
      const window = Math.floor(Date.now() / 60_000)
      const upstreams = new Set<string>()
      const statuses: number[] = []
      for (let index = 0; index <= PER_PROJECT; index++) {
        const { response, upstream } = await send('GET', '/v1/wallets', { project: 'burst' })
        upstreams.add(upstream)
        statuses.push(response.status)
        await response.body?.cancel()
      }
      if (Math.floor(Date.now() / 60_000) !== window) continue
      expect(upstreams.size).toBe(2)
      expect(statuses.slice(0, PER_PROJECT).every((status) => status === 200)).toBe(true)
      expect(statuses[PER_PROJECT]).toBe(429)
      return
    }
    throw new Error('Two bursts in a row crossed a minute boundary.')
  })

  it('loses no session, nonce or mailed code when one instance is killed with SIGKILL', async () => {
    const [doomed, survivor] = instances as [ServerProcess, ServerProcess]
    const doomedUpstream = `127.0.0.1:${doomed.port}`
    /** Sends requests until the next one goes to `upstream` (nginx takes the instances in turn). */
    const nextGoesTo = async (upstream: string) => {
      for (let tries = 0; tries < 4; tries++) {
        const probe = await send('GET', '/health')
        await probe.response.body?.cancel()
        if (probe.upstream !== upstream) return
      }
      throw new Error(`nginx never turned to ${upstream}.`)
    }
    // What the doomed instance hands out just before it dies: a sign-in nonce and a mailed code.
    await nextGoesTo(doomedUpstream)
    const issued = await send('POST', '/v1/siwx/nonce', { body: {} })
    expect(issued.upstream).toBe(doomedUpstream)
    const { nonce } = siwxNonceResponseSchema.parse(await issued.response.json())
    const email = 'late@mail.example'
    const deviceId = randomBytes(16).toString('base64url')
    await nextGoesTo(doomedUpstream)
    const asked = await send('POST', '/v1/auth/email', {
      project: 'mail',
      origin: publicUrl,
      body: { email, deviceId },
    })
    expect(asked.upstream).toBe(doomedUpstream)
    expect(asked.response.status).toBe(200)
    const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email)).subject)?.[1] ?? ''

    await doomed.kill('SIGKILL')

    const survivorUpstream = `127.0.0.1:${survivor.port}`
    for (let round = 0; round < 2; round++) {
      const siwx = await send('GET', '/v1/siwx/session', { token: siwxToken })
      expect(siwx.response.status).toBe(200)
      expect(siwxSessionResponseSchema.parse(await siwx.response.json()).account).toBe(
        `eip155:1:${alice.address}`,
      )
      const auth = await send('GET', '/v1/auth/session', {
        project: 'mail',
        origin: publicUrl,
        token: authToken,
      })
      expect(auth.response.status).toBe(200)
      expect(auth.upstream.split(', ').at(-1)).toBe(survivorUpstream)
    }
    const verified = await send('POST', '/v1/auth/otp', {
      project: 'mail',
      origin: publicUrl,
      body: { email, deviceId, otp: code },
    })
    expect(verified.response.status).toBe(200)
    expect(verified.upstream.split(', ').at(-1)).toBe(survivorUpstream)
    const message = siwxMessage(nonce)
    const signed = await send('POST', '/v1/siwx/sessions', {
      body: { message, signature: await alice.signMessage({ message }) },
    })
    expect(signed.response.status).toBe(201)
  })
})
