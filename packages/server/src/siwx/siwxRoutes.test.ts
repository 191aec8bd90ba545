import { createHash } from 'node:crypto'
import type { CaipNetworkId, SiwxMessageData } from '@portico/core'
import { apiErrorSchema, siwxNonceResponseSchema, siwxSessionResponseSchema } from '@portico/core/api'
import { createSiwxMessage } from '@portico/siwx'
import { eip155Verifier } from '@portico/siwx/eip155'
import { ANVIL_PRIVATE_KEYS, type AnvilInstance, deploySmartWallet, startAnvil } from '@portico/test'
import type { Kysely } from 'kysely'
import type { Address } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerConfig, serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const SECOND_SITE = 'https://blog.example'
const ANVIL_CHAIN_ID = 31_416
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const bob = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])

const iso = (time: number) => new Date(time).toISOString()

async function expectRefusal(response: Response, status: number, code: string): Promise<string> {
  const body = await response.json()
  expect({ status: response.status, code: apiErrorSchema.parse(body).error.code }).toEqual({ status, code })
  return apiErrorSchema.parse(body).error.message
}

describe.each(ENGINES)('sign-in routes on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let anvil: AnvilInstance
  let config: ServerConfig
  let smartWallet: Address
  // 2031-01-01: far from the machine's clock, so nothing passes by accident of real time.
  let time = Date.parse('2031-01-01T00:00:00.000Z')
  const now = () => time
  const logger = createLogger({ level: 'error', stream: { write: () => {} } })
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: ANVIL_CHAIN_ID })
    smartWallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: alice.address })
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE, SECOND_SITE] })
    await addProject(db, { id: 'other', origins: [SITE] })
    config = serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: `eip155:${ANVIL_CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
    })
    app = createApp({ config, db, logger, now })
  }, 120_000)
  afterAll(async () => {
    await anvil?.stop()
    await db?.destroy()
    await database?.drop()
  })

  const request = (
    method: string,
    path: string,
    {
      origin = SITE,
      project = 'shop',
      body,
      token,
    }: { origin?: string | null; project?: string; body?: unknown; token?: string } = {},
  ) => {
    const headers: Record<string, string> = {}
    if (origin !== null) headers.origin = origin
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    return app.request(`${path}?projectId=${project}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
  }

  const issueNonce = async (options: { origin?: string; project?: string } = {}) => {
    const response = await request('POST', '/v1/siwx/nonce', { ...options, body: {} })
    expect(response.status).toBe(201)
    return siwxNonceResponseSchema.parse(await response.json()).nonce
  }

  const messageData = (nonce: string, overrides: Partial<SiwxMessageData> = {}): SiwxMessageData => ({
    domain: 'shop.example',
    accountAddress: alice.address,
    statement: 'Sign in to the shop.',
    uri: `${SITE}/login`,
    version: '1',
    chainId: 'eip155:1',
    nonce,
    issuedAt: iso(time),
    expirationTime: iso(time + DAY),
    ...overrides,
  })

  const signed = async (
    overrides: Partial<SiwxMessageData> = {},
    {
      signer = alice,
      origin = SITE,
      project = 'shop',
    }: { signer?: PrivateKeyAccount; origin?: string; project?: string } = {},
  ) => {
    const nonce = await issueNonce({ origin, project })
    const message = createSiwxMessage(messageData(nonce, overrides))
    return { message, signature: await signer.signMessage({ message }) }
  }

  const createSession = (body: unknown, options: { origin?: string | null; project?: string } = {}) =>
    request('POST', '/v1/siwx/sessions', { ...options, body })

  const signIn = async (overrides: Partial<SiwxMessageData> = {}, origin = SITE) => {
    const response = await createSession(await signed(overrides, { origin }), { origin })
    expect(response.status).toBe(201)
    const body = siwxSessionResponseSchema.parse(await response.json())
    return { ...body, token: body.token as string }
  }

  describe('the whole flow', () => {
    it('signs in with a nonce, reads the session with its token, signs out, and is refused afterwards', async () => {
      const nonceResponse = await request('POST', '/v1/siwx/nonce', {
        body: { chainId: 'eip155:1', accountAddress: alice.address },
      })
      expect(nonceResponse.status).toBe(201)
      expect(nonceResponse.headers.get('access-control-allow-origin')).toBe(SITE)
      const { nonce, expiresAt } = siwxNonceResponseSchema.parse(await nonceResponse.json())
      expect(nonce).toMatch(/^[A-Za-z0-9]{20,}$/)
      expect(expiresAt).toBe(iso(time + 5 * MINUTE))

      const data = messageData(nonce)
      const message = createSiwxMessage(data)
      const signature = await alice.signMessage({ message })
      const created = await createSession({ message, signature })
      expect(created.status).toBe(201)
      const session = siwxSessionResponseSchema.parse(await created.json())
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(session.account).toBe(`eip155:1:${alice.address}`)
      expect(session.expiresAt).toBe(data.expirationTime)
      expect(session.session).toMatchObject({ data, message, signature })
      expect(session.session.cacao).toMatchObject({
        h: { t: 'caip122' },
        p: { iss: `eip155:1:${alice.address}`, aud: data.uri, nonce },
        s: { t: 'eip191', s: signature },
      })
      const token = session.token as string

      const read = await request('GET', '/v1/siwx/session', { token })
      expect(read.status).toBe(200)
      const readBody = siwxSessionResponseSchema.parse(await read.json())
      expect(readBody.token).toBeUndefined()
      expect(readBody).toEqual({
        session: session.session,
        account: session.account,
        expiresAt: session.expiresAt,
      })

      const signOut = await request('DELETE', '/v1/siwx/session', { token })
      expect(signOut.status).toBe(204)
      const after = await request('GET', '/v1/siwx/session', { token })
      expect(await expectRefusal(after, 401, 'SIWX_SESSION_INVALID')).toMatch(/signed out/)
    })

    it('stores only the SHA-256 of the token', async () => {
      const { token } = await signIn()
      const rows = await db.selectFrom('siwx_sessions').select('token_hash').execute()
      const hash = createHash('sha256').update(token).digest('hex')
      expect(rows.map((row) => row.token_hash)).toContain(hash)
      expect(JSON.stringify(rows)).not.toContain(token)
    })

    it('caps a session at siwx.maxSessionMs, however long its message asks, and without an expiration time', async () => {
      const long = await signIn({ expirationTime: iso(time + 30 * DAY) })
      expect(long.expiresAt).toBe(iso(time + 7 * DAY))
      const nonce = await issueNonce()
      const { expirationTime: _, ...withoutExpiry } = messageData(nonce)
      const message = createSiwxMessage(withoutExpiry)
      const open = await createSession({ message, signature: await alice.signMessage({ message }) })
      expect(open.status).toBe(201)
      expect(siwxSessionResponseSchema.parse(await open.json()).expiresAt).toBe(iso(time + 7 * DAY))
    })

    it('lets the preflight through with DELETE and the authorization header', async () => {
      const response = await app.request('/v1/siwx/session?projectId=shop', {
        method: 'OPTIONS',
        headers: {
          origin: SITE,
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-methods')).toContain('DELETE')
      expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
      const bare = await app.request('/v1/siwx/session?projectId=shop', {
        method: 'OPTIONS',
        headers: { origin: SITE, 'access-control-request-method': 'GET' },
      })
      expect(bare.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization')
    })
  })

  describe('refusing a signed message', () => {
    it('refuses a replayed nonce with 401 SIWX_NONCE_USED', async () => {
      const body = await signed()
      expect((await createSession(body)).status).toBe(201)
      expect(await expectRefusal(await createSession(body), 401, 'SIWX_NONCE_USED')).toMatch(/used already/)
    })

    it('creates exactly one session when one signed nonce is submitted three times at once', async () => {
      const body = await signed()
      const responses = await Promise.all([createSession(body), createSession(body), createSession(body)])
      const statuses = responses.map((response) => response.status).sort()
      expect(statuses).toEqual([201, 401, 401])
      for (const response of responses.filter((r) => r.status === 401)) {
        await expectRefusal(response, 401, 'SIWX_NONCE_USED')
      }
    })

    it('refuses a message for another domain with 401 SIWX_DOMAIN_MISMATCH', async () => {
      const response = await createSession(await signed({ domain: 'evil.example' }))
      expect(await expectRefusal(response, 401, 'SIWX_DOMAIN_MISMATCH')).toContain('evil.example')
    })

    it('refuses a URI on another origin with 401 SIWX_URI_MISMATCH', async () => {
      const response = await createSession(await signed({ uri: 'https://evil.example/login' }))
      expect(await expectRefusal(response, 401, 'SIWX_URI_MISMATCH')).toContain('https://evil.example/login')
    })

    it('refuses an expired message with 401 SIWX_EXPIRED', async () => {
      const response = await createSession(
        await signed({ issuedAt: iso(time - 2 * DAY), expirationTime: iso(time - DAY) }),
      )
      expect(await expectRefusal(response, 401, 'SIWX_EXPIRED')).toContain(iso(time - DAY))
    })

    it('refuses a notBefore in the future with 401 SIWX_NOT_YET_VALID', async () => {
      const response = await createSession(await signed({ notBefore: iso(time + 10 * MINUTE) }))
      expect(await expectRefusal(response, 401, 'SIWX_NOT_YET_VALID')).toContain('not valid before')
    })

    it('refuses an issuedAt in the future, beyond the clock tolerance, with 401 SIWX_NOT_YET_VALID', async () => {
      const response = await createSession(await signed({ issuedAt: iso(time + 5 * MINUTE) }))
      expect(await expectRefusal(response, 401, 'SIWX_NOT_YET_VALID')).toMatch(/in the future/)
      // Within the tolerance (one minute by default), a fast clock is forgiven.
      expect((await createSession(await signed({ issuedAt: iso(time + 30_000) }))).status).toBe(201)
    })

    it('refuses a message tampered with after signing with 401 SIWX_INVALID_SIGNATURE', async () => {
      const { message, signature } = await signed()
      const tampered = message.replace('Sign in to the shop.', 'Sign in to the bank.')
      expect(tampered).not.toBe(message)
      const response = await createSession({ message: tampered, signature })
      expect(await expectRefusal(response, 401, 'SIWX_INVALID_SIGNATURE')).toContain(alice.address)
    })

    it("refuses another account's signature with 401 SIWX_INVALID_SIGNATURE", async () => {
      const response = await createSession(await signed({}, { signer: bob }))
      await expectRefusal(response, 401, 'SIWX_INVALID_SIGNATURE')
    })

    it('refuses a text that is not a sign-in message, and a malformed body, with 400', async () => {
      const message = await expectRefusal(
        await createSession({ message: 'hello', signature: '0x00' }),
        400,
        'SIWX_INVALID_MESSAGE',
      )
      expect(message).toMatch(/malformed/)
      await expectRefusal(await createSession({ message: 1 }), 400, 'BAD_REQUEST')
      const notJson = await app.request('/v1/siwx/sessions?projectId=shop', {
        method: 'POST',
        headers: { origin: SITE },
        body: '{',
      })
      await expectRefusal(notJson, 400, 'BAD_REQUEST')
    })

    it('refuses a body larger than rpc.maxBodyBytes with 413', async () => {
      const response = await createSession({ message: 'x'.repeat(600 * 1024), signature: '0x' })
      await expectRefusal(response, 413, 'PAYLOAD_TOO_LARGE')
    })

    it('refuses a nonce the server never issued with 401 SIWX_NONCE_UNKNOWN, before checking the signature', async () => {
      const message = createSiwxMessage(messageData('neverIssuedByTheServer1'))
      // Bob's signature: were it checked first, this would be SIWX_INVALID_SIGNATURE.
      const response = await createSession({ message, signature: await bob.signMessage({ message }) })
      expect(await expectRefusal(response, 401, 'SIWX_NONCE_UNKNOWN')).toContain(SITE)
    })

    it('refuses a nonce issued to another project with 401 SIWX_NONCE_UNKNOWN', async () => {
      const body = await signed({}, { project: 'other' })
      await expectRefusal(await createSession(body), 401, 'SIWX_NONCE_UNKNOWN')
      // The nonce is still good where it was issued.
      expect((await createSession(body, { project: 'other' })).status).toBe(201)
    })

    it('refuses a nonce issued to another origin of the same project with 401 SIWX_NONCE_UNKNOWN', async () => {
      const nonce = await issueNonce({ origin: SECOND_SITE })
      const message = createSiwxMessage(messageData(nonce))
      const response = await createSession({ message, signature: await alice.signMessage({ message }) })
      await expectRefusal(response, 401, 'SIWX_NONCE_UNKNOWN')
    })

    it('refuses a nonce older than siwx.nonceTtlMs with 401 SIWX_NONCE_EXPIRED', async () => {
      const nonce = await issueNonce()
      time += 5 * MINUTE
      const message = createSiwxMessage(messageData(nonce))
      const response = await createSession({ message, signature: await alice.signMessage({ message }) })
      expect(await expectRefusal(response, 401, 'SIWX_NONCE_EXPIRED')).toMatch(/expired/)
    })

    it('deletes nonces expired for over an hour when it issues a new one', async () => {
      const freshApp = createApp({ config, db, logger, now })
      const old = await issueNonce()
      const count = async () =>
        (await db.selectFrom('siwx_nonces').select('nonce').where('nonce', '=', old).execute()).length
      expect(await count()).toBe(1)
      time += 2 * 60 * MINUTE
      const response = await freshApp.request('/v1/siwx/nonce?projectId=shop', {
        method: 'POST',
        headers: { origin: SITE },
      })
      expect(response.status).toBe(201)
      expect(await count()).toBe(0)
    })

    it('refuses a chain no verifier supports with 400 SIWX_CHAIN_UNSUPPORTED', async () => {
      const response = await createSession(await signed({ chainId: 'eip155:0' as CaipNetworkId }))
      expect(await expectRefusal(response, 400, 'SIWX_CHAIN_UNSUPPORTED')).toContain('eip155:0')
      const evmOnly = createApp({ config, db, logger, now, siwxVerifiers: [eip155Verifier()] })
      const nonce = await issueNonce()
      const message = createSiwxMessage(
        messageData(nonce, {
          chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
          accountAddress: 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr',
        }),
      )
      const solana = await evmOnly.request('/v1/siwx/sessions?projectId=shop', {
        method: 'POST',
        headers: { origin: SITE },
        body: JSON.stringify({ message, signature: '1111' }),
      })
      expect(await expectRefusal(solana, 400, 'SIWX_CHAIN_UNSUPPORTED')).toContain('solana:')
    })

    it('accepts a plain account on an EVM chain the config does not list', async () => {
      const { account } = await signIn({ chainId: 'eip155:8453' as CaipNetworkId })
      expect(account).toBe(`eip155:8453:${alice.address}`)
    })

    it('accepts an ERC-1271 smart account on a configured chain, checked through its RPC', async () => {
      const chainId = `eip155:${ANVIL_CHAIN_ID}` as CaipNetworkId
      const body = await signed({ chainId, accountAddress: smartWallet })
      const response = await createSession(body)
      expect(response.status).toBe(201)
      const session = siwxSessionResponseSchema.parse(await response.json())
      expect(session.account).toBe(`${chainId}:${smartWallet}`)
      expect(session.session.cacao?.s.t).toBe('eip1271')
      const read = await request('GET', '/v1/siwx/session', { token: session.token as string })
      expect(read.status).toBe(200)
    })

    it('refuses the same smart account on a chain without an RPC URL with 401 SIWX_INVALID_SIGNATURE', async () => {
      const response = await createSession(
        await signed({ chainId: 'eip155:8453' as CaipNetworkId, accountAddress: smartWallet }),
      )
      await expectRefusal(response, 401, 'SIWX_INVALID_SIGNATURE')
    })
  })

  describe('the Origin header', () => {
    it('takes X-Portico-Origin when a same-origin GET carries no Origin, only for an allowed origin', async () => {
      const { token, account } = await signIn()
      const read = (headers: Record<string, string>) =>
        app.request('/v1/siwx/session?projectId=shop', {
          headers: { authorization: `Bearer ${token}`, ...headers },
        })
      const same = await read({ 'x-portico-origin': SITE })
      expect(same.status).toBe(200)
      expect(siwxSessionResponseSchema.parse(await same.json()).account).toBe(account)
      // Another allowed origin of the project is not the one the session was made on.
      await expectRefusal(await read({ 'x-portico-origin': SECOND_SITE }), 401, 'SIWX_SESSION_INVALID')
      await expectRefusal(
        await read({ 'x-portico-origin': 'https://evil.example' }),
        403,
        'ORIGIN_NOT_ALLOWED',
      )
      // A cross-origin page always sends Origin, which wins over what it names.
      await expectRefusal(
        await read({ origin: SECOND_SITE, 'x-portico-origin': SITE }),
        401,
        'SIWX_SESSION_INVALID',
      )
    })

    it('refuses every sign-in request without an Origin with 400 BAD_REQUEST saying so', async () => {
      const { token } = await signIn()
      const body = await signed()
      const responses = [
        await request('POST', '/v1/siwx/nonce', { origin: null, body: {} }),
        await createSession(body, { origin: null }),
        await request('GET', '/v1/siwx/session', { origin: null, token }),
        await request('DELETE', '/v1/siwx/session', { origin: null, token }),
      ]
      for (const response of responses) {
        expect(await expectRefusal(response, 400, 'BAD_REQUEST')).toMatch(/Origin header/)
      }
      // Nothing happened: the nonce is unused and the session is still signed in.
      expect((await createSession(body)).status).toBe(201)
      expect((await request('GET', '/v1/siwx/session', { token })).status).toBe(200)
    })

    it('refuses an Origin that is not an origin with 400 BAD_REQUEST', async () => {
      await addProject(db, { id: `any-${engine}`, origins: ['*'] })
      const response = await request('POST', '/v1/siwx/nonce', {
        origin: 'null',
        project: `any-${engine}`,
        body: {},
      })
      expect(await expectRefusal(response, 400, 'BAD_REQUEST')).toContain('"null"')
    })
  })

  describe('reading a session', () => {
    it('refuses a session read from another origin of the same project', async () => {
      const { token } = await signIn()
      const response = await request('GET', '/v1/siwx/session', { origin: SECOND_SITE, token })
      expect(await expectRefusal(response, 401, 'SIWX_SESSION_INVALID')).toMatch(/another origin/)
      const signOut = await request('DELETE', '/v1/siwx/session', { origin: SECOND_SITE, token })
      await expectRefusal(signOut, 401, 'SIWX_SESSION_INVALID')
      expect((await request('GET', '/v1/siwx/session', { token })).status).toBe(200)
    })

    it('refuses a session read through another project', async () => {
      const { token } = await signIn()
      const response = await request('GET', '/v1/siwx/session', { project: 'other', token })
      expect(await expectRefusal(response, 401, 'SIWX_SESSION_INVALID')).toMatch(/another project/)
    })

    it('refuses a session past its expiry', async () => {
      const { token, expiresAt } = await signIn({ expirationTime: iso(time + 10 * MINUTE) })
      expect((await request('GET', '/v1/siwx/session', { token })).status).toBe(200)
      time += 10 * MINUTE
      const response = await request('GET', '/v1/siwx/session', { token })
      expect(await expectRefusal(response, 401, 'SIWX_SESSION_INVALID')).toContain(`expired at ${expiresAt}`)
    })

    it('refuses a session past siwx.maxSessionMs although its message has not expired', async () => {
      const { token } = await signIn({ expirationTime: iso(time + 30 * DAY) })
      time += 7 * DAY
      await expectRefusal(await request('GET', '/v1/siwx/session', { token }), 401, 'SIWX_SESSION_INVALID')
    })

    it('refuses a session whose stored message was edited in the database', async () => {
      const { token } = await signIn()
      const hash = createHash('sha256').update(token).digest('hex')
      const row = await db
        .selectFrom('siwx_sessions')
        .select('message')
        .where('token_hash', '=', hash)
        .executeTakeFirstOrThrow()
      await db
        .updateTable('siwx_sessions')
        .set({ message: row.message.replace('Sign in to the shop.', 'Pay the shop 1000 ETH.') })
        .where('token_hash', '=', hash)
        .execute()
      const response = await request('GET', '/v1/siwx/session', { token })
      expect(await expectRefusal(response, 401, 'SIWX_SESSION_INVALID')).toMatch(
        /no longer verifies.*signature/,
      )
    })

    it('refuses a session whose stored account was edited in the database', async () => {
      const { token } = await signIn()
      await db
        .updateTable('siwx_sessions')
        .set({ account_address: bob.address })
        .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
        .execute()
      const response = await request('GET', '/v1/siwx/session', { token })
      expect(await expectRefusal(response, 401, 'SIWX_SESSION_INVALID')).toMatch(/does not match/)
    })

    it('refuses a missing, malformed or unknown token, and signing out with an unknown token', async () => {
      const missing = await request('GET', '/v1/siwx/session')
      expect(await expectRefusal(missing, 401, 'SIWX_SESSION_INVALID')).toMatch(/No session token/)
      const malformed = await request('GET', '/v1/siwx/session', { token: 'abc' })
      expect(await expectRefusal(malformed, 401, 'SIWX_SESSION_INVALID')).toMatch(/malformed/)
      const unknown = 'A'.repeat(43)
      const read = await request('GET', '/v1/siwx/session', { token: unknown })
      expect(await expectRefusal(read, 401, 'SIWX_SESSION_INVALID')).toMatch(/unknown/)
      const signOut = await request('DELETE', '/v1/siwx/session', { token: unknown })
      expect(await expectRefusal(signOut, 401, 'SIWX_SESSION_INVALID')).toMatch(/unknown/)
    })

    it('signs out once: a second DELETE answers 204 and the session stays signed out', async () => {
      const { token } = await signIn()
      expect((await request('DELETE', '/v1/siwx/session', { token })).status).toBe(204)
      expect((await request('DELETE', '/v1/siwx/session', { token })).status).toBe(204)
      await expectRefusal(await request('GET', '/v1/siwx/session', { token }), 401, 'SIWX_SESSION_INVALID')
    })
  })
})
