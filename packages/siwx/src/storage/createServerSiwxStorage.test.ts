import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  ApiRequestError,
  type CaipNetworkId,
  createMemoryStorage,
  ServerUnavailableError,
  type SiwxSession,
  type Storage,
} from '@portico/core'
import {
  type ApiErrorCode,
  caipNetworkIdSchema,
  type SiwxSessionResponse,
  siwxCreateSessionRequestSchema,
  siwxSessionResponseSchema,
} from '@portico/core/api'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod/mini'
import { eip155Verifier } from '../eip155/eip155Verifier.js'
import { SiwxVerificationError } from '../errors.js'
import { createSiwxMessage } from '../message.js'
import { createSiwxNonce } from '../nonce.js'
import { verifySiwxMessage } from '../verifySiwxMessage.js'
import { createServerSiwxStorage } from './createServerSiwxStorage.js'
import type { SiwxStorage } from './siwxStorage.js'

const TOKENS_KEY = 'portico:v1:siwxTokens'
const PROJECT_ID = 'shop'
const MAINNET: CaipNetworkId = 'eip155:1'
const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const bob = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])

interface Recorded {
  method: string
  path: string
  projectId: string | null
  authorization: string | undefined
  pageOrigin?: string | string[] | undefined
  body: unknown
}

type Answer = { status: number; body?: unknown }

/**
 * A small Portico-compatible sign-in server: it issues single-use nonces, verifies signed
 * messages for real, hands out bearer tokens and answers with the shapes of core's API schemas.
 * `intercept` lets a test answer a request its own way (a refusal, an outage, another account).
 */
function createTestSiwxServer() {
  const nonces = new Map<string, { used: boolean }>()
  const sessions = new Map<string, SiwxSessionResponse>()
  const requests: Recorded[] = []
  const state = { intercept: undefined as ((request: Recorded) => Answer | undefined) | undefined }
  const refusal = (status: number, code: ApiErrorCode, message: string): Answer => ({
    status,
    body: { error: { code, message } },
  })
  const bearer = (request: Recorded) => /^Bearer (\S+)$/.exec(request.authorization ?? '')?.[1]

  async function answer(request: Recorded): Promise<Answer> {
    if (!request.projectId) return refusal(400, 'PROJECT_ID_MISSING', 'projectId is required.')
    const key = `${request.method} ${request.path}`
    if (key === 'POST /v1/siwx/nonce') {
      const body = z
        .object({ chainId: caipNetworkIdSchema, accountAddress: z.string() })
        .safeParse(request.body)
      if (!body.success) return refusal(400, 'BAD_REQUEST', 'chainId and accountAddress are required.')
      const nonce = createSiwxNonce()
      nonces.set(nonce, { used: false })
      return { status: 200, body: { nonce, expiresAt: new Date(Date.now() + 300_000).toISOString() } }
    }
    if (key === 'POST /v1/siwx/sessions') {
      const body = siwxCreateSessionRequestSchema.safeParse(request.body)
      if (!body.success) return refusal(400, 'BAD_REQUEST', 'message and signature are required.')
      let data: Awaited<ReturnType<typeof verifySiwxMessage>>
      try {
        data = await verifySiwxMessage(body.data, {
          verifiers: [eip155Verifier()],
          domain: 'shop.example',
          origin: 'https://shop.example',
        })
      } catch (error) {
        // No expected nonce is passed, so NONCE_MISMATCH cannot come up; nonces are checked below.
        if (error instanceof SiwxVerificationError && error.reason !== 'NONCE_MISMATCH')
          return refusal(400, `SIWX_${error.reason}`, error.shortMessage)
        throw error
      }
      const nonce = nonces.get(data.nonce)
      if (!nonce) return refusal(400, 'SIWX_NONCE_UNKNOWN', 'The nonce was not issued here.')
      if (nonce.used) return refusal(400, 'SIWX_NONCE_USED', 'The nonce was used.')
      nonce.used = true
      const token = randomBytes(24).toString('base64url')
      const session: SiwxSessionResponse = {
        session: { data, message: body.data.message, signature: body.data.signature },
        account: `${data.chainId}:${data.accountAddress}`,
        expiresAt: data.expirationTime ?? '2099-01-01T00:00:00.000Z',
      }
      sessions.set(token, session)
      return { status: 200, body: { token, ...session } }
    }
    if (request.path === '/v1/siwx/session') {
      const token = bearer(request)
      const session = token === undefined ? undefined : sessions.get(token)
      if (!token || !session) return refusal(401, 'SIWX_SESSION_INVALID', 'No session has this token.')
      if (request.method === 'GET') return { status: 200, body: session }
      if (request.method === 'DELETE') {
        sessions.delete(token)
        return { status: 204 }
      }
    }
    return refusal(404, 'NOT_FOUND', `${key} is not a route.`)
  }

  async function handle(incoming: IncomingMessage, response: ServerResponse) {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1')
    let text = ''
    for await (const chunk of incoming) text += chunk
    const request: Recorded = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      projectId: url.searchParams.get('projectId'),
      authorization: incoming.headers.authorization,
      pageOrigin: incoming.headers['x-portico-origin'],
      body: text ? JSON.parse(text) : undefined,
    }
    requests.push(request)
    const { status, body } = state.intercept?.(request) ?? (await answer(request))
    response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' })
    response.end(body === undefined ? undefined : JSON.stringify(body))
  }

  const server: Server = createServer((incoming, response) => {
    handle(incoming, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ error: { code: 'INTERNAL', message: String(error) } }))
    })
  })
  return {
    requests,
    sessions,
    state,
    refusal,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A base URL where nothing listens: a server that was started and stopped. */
async function deadApiUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

describe('createServerSiwxStorage', () => {
  const server = createTestSiwxServer()
  let apiUrl: string
  let memory: Storage
  let storage: SiwxStorage

  const tokens = () => JSON.parse(memory.getItem(TOKENS_KEY) ?? 'null') as Record<string, string> | null

  async function signIn(signer: PrivateKeyAccount, chainId: CaipNetworkId = MAINNET): Promise<SiwxSession> {
    const nonce = await storage.getNonce!({ chainId, accountAddress: signer.address })
    const issued = Date.now()
    const data = {
      domain: 'shop.example',
      accountAddress: signer.address,
      uri: 'https://shop.example/login',
      version: '1' as const,
      chainId,
      nonce,
      issuedAt: new Date(issued).toISOString(),
      expirationTime: new Date(issued + 3_600_000).toISOString(),
    }
    const message = createSiwxMessage(data)
    return { data, message, signature: await signer.signMessage({ message }) }
  }

  beforeAll(async () => {
    apiUrl = await server.start()
  })
  afterAll(() => server.stop())
  beforeEach(() => {
    memory = createMemoryStorage()
    storage = createServerSiwxStorage({ apiUrl, projectId: PROJECT_ID, storage: memory, timeoutMs: 3_000 })
    server.requests.length = 0
  })
  afterEach(() => {
    server.state.intercept = undefined
  })

  it("asks the server for a nonce with the account, the chain and the project's id", async () => {
    const nonce = await storage.getNonce!({ chainId: MAINNET, accountAddress: alice.address })
    expect(nonce).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(server.requests).toEqual([
      {
        method: 'POST',
        path: '/v1/siwx/nonce',
        projectId: PROJECT_ID,
        authorization: undefined,
        body: { chainId: MAINNET, accountAddress: alice.address },
      },
    ])
  })

  it('keeps the token the server gives under portico:v1:siwxTokens, per CAIP-10 account', async () => {
    const session = await signIn(alice)
    await storage.add(session)
    const [created] = server.requests.filter(({ path }) => path === '/v1/siwx/sessions')
    expect(created?.body).toEqual({ message: session.message, signature: session.signature })
    const kept = tokens()
    expect(Object.keys(kept ?? {})).toEqual([`${MAINNET}:${alice.address}`])
    expect(server.sessions.has(kept![`${MAINNET}:${alice.address}`]!)).toBe(true)
  })

  it('sends the cacao along when the session has one', async () => {
    const session = await signIn(alice)
    const cacao = {
      h: { t: 'caip122' as const },
      p: {
        domain: session.data.domain,
        iss: `${MAINNET}:${alice.address}`,
        aud: session.data.uri,
        version: '1',
        nonce: session.data.nonce,
        iat: session.data.issuedAt,
      },
      s: { t: 'eip191', s: session.signature },
    }
    await storage.add({ ...session, cacao })
    const [created] = server.requests.filter(({ path }) => path === '/v1/siwx/sessions')
    expect(created?.body).toMatchObject({ cacao })
  })

  it('reads the session back with the token as a bearer token, for the address in any case', async () => {
    const session = await signIn(alice)
    await storage.add(session)
    const token = tokens()![`${MAINNET}:${alice.address}`]
    server.requests.length = 0
    expect(await storage.get(MAINNET, alice.address.toLowerCase())).toEqual([session])
    expect(server.requests).toMatchObject([
      { method: 'GET', path: '/v1/siwx/session', projectId: PROJECT_ID, authorization: `Bearer ${token}` },
    ])
  })

  it("names the page's origin on every request, for a server on the site's own origin", async () => {
    vi.stubGlobal('location', { origin: 'https://shop.example', host: 'shop.example' })
    try {
      const inPage = createServerSiwxStorage({ apiUrl, projectId: PROJECT_ID, storage: memory })
      storage = inPage
      await inPage.add(await signIn(alice))
      await inPage.get(MAINNET, alice.address)
      await inPage.delete(MAINNET, alice.address)
    } finally {
      vi.unstubAllGlobals()
    }
    expect(server.requests.map((request) => [request.method, request.pageOrigin])).toEqual([
      ['POST', 'https://shop.example'],
      ['POST', 'https://shop.example'],
      ['GET', 'https://shop.example'],
      ['DELETE', 'https://shop.example'],
    ])
  })

  it('answers [] without asking the server when no token is kept', async () => {
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(server.requests).toEqual([])
  })

  it('passes a refused sign-in on as ApiRequestError and keeps no token', async () => {
    const session = await signIn(alice)
    const forged = { ...session, signature: await bob.signMessage({ message: session.message }) }
    const error = await storage.add(forged).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ apiCode: 'SIWX_INVALID_SIGNATURE', status: 400 })
    expect(tokens()).toBeNull()
    await storage.add(session)
    await expect(storage.add(session)).rejects.toMatchObject({ apiCode: 'SIWX_NONCE_USED' })
  })

  it('refuses a created session that comes without a token', async () => {
    const session = await signIn(alice)
    server.state.intercept = ({ path }) =>
      path === '/v1/siwx/sessions'
        ? {
            status: 200,
            body: { session, account: `${MAINNET}:${alice.address}`, expiresAt: session.data.expirationTime },
          }
        : undefined
    await expect(storage.add(session)).rejects.toThrow(/no token/)
    expect(tokens()).toBeNull()
  })

  it('drops the token and answers [] when the server says SIWX_SESSION_INVALID', async () => {
    await storage.add(await signIn(alice))
    await storage.add(await signIn(bob))
    server.sessions.delete(tokens()![`${MAINNET}:${alice.address}`]!)
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(Object.keys(tokens()!)).toEqual([`${MAINNET}:${bob.address}`])
    server.requests.length = 0
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(server.requests).toEqual([])
  })

  it('throws ApiRequestError for any other refusal and keeps the token', async () => {
    await storage.add(await signIn(alice))
    server.state.intercept = () => server.refusal(429, 'RATE_LIMITED', 'Slow down.')
    const error = await storage.get(MAINNET, alice.address).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ name: 'ApiRequestError', apiCode: 'RATE_LIMITED', status: 429 })
    expect(Object.keys(tokens()!)).toEqual([`${MAINNET}:${alice.address}`])
  })

  it('throws ServerUnavailableError for a 5xx answer and keeps the token', async () => {
    await storage.add(await signIn(alice))
    server.state.intercept = () => server.refusal(503, 'UNAVAILABLE', 'Down for maintenance.')
    await expect(storage.get(MAINNET, alice.address)).rejects.toMatchObject({
      name: 'ServerUnavailableError',
      status: 503,
    })
    expect(tokens()).not.toBeNull()
  })

  it('throws ServerUnavailableError when nothing answers, for every call', async () => {
    memory.setItem(TOKENS_KEY, JSON.stringify({ [`${MAINNET}:${alice.address}`]: 'kept-token' }))
    const down = createServerSiwxStorage({
      apiUrl: await deadApiUrl(),
      projectId: PROJECT_ID,
      storage: memory,
    })
    await expect(down.getNonce!({ chainId: MAINNET, accountAddress: alice.address })).rejects.toBeInstanceOf(
      ServerUnavailableError,
    )
    await expect(down.get(MAINNET, alice.address)).rejects.toBeInstanceOf(ServerUnavailableError)
    expect(tokens()).toEqual({ [`${MAINNET}:${alice.address}`]: 'kept-token' })
  })

  it('ignores an answer for another account and forgets the token', async () => {
    const aliceSession = await signIn(alice)
    await storage.add(aliceSession)
    server.state.intercept = ({ method, path }) =>
      method === 'GET' && path === '/v1/siwx/session'
        ? {
            status: 200,
            body: siwxSessionResponseSchema.parse({
              session: aliceSession,
              account: `${MAINNET}:${bob.address}`,
              expiresAt: aliceSession.data.expirationTime,
            }),
          }
        : undefined
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(tokens()).toBeNull()
  })

  it('signs out on the server with the bearer token and forgets it', async () => {
    await storage.add(await signIn(alice))
    await storage.add(await signIn(bob))
    const token = tokens()![`${MAINNET}:${alice.address}`]!
    server.requests.length = 0
    await storage.delete(MAINNET, alice.address)
    expect(server.requests).toMatchObject([
      { method: 'DELETE', path: '/v1/siwx/session', authorization: `Bearer ${token}` },
    ])
    expect(server.sessions.has(token)).toBe(false)
    expect(Object.keys(tokens()!)).toEqual([`${MAINNET}:${bob.address}`])
  })

  it('forgets the token even when the server fails to sign out', async () => {
    await storage.add(await signIn(alice))
    server.state.intercept = ({ method }) =>
      method === 'DELETE' ? server.refusal(500, 'INTERNAL', 'Something broke.') : undefined
    await expect(storage.delete(MAINNET, alice.address)).rejects.toBeInstanceOf(ServerUnavailableError)
    expect(tokens()).toBeNull()
    memory.setItem(TOKENS_KEY, JSON.stringify({ [`${MAINNET}:${bob.address}`]: 'kept-token' }))
    const down = createServerSiwxStorage({
      apiUrl: await deadApiUrl(),
      projectId: PROJECT_ID,
      storage: memory,
    })
    await expect(down.delete(MAINNET, bob.address.toLowerCase())).rejects.toBeInstanceOf(
      ServerUnavailableError,
    )
    expect(tokens()).toBeNull()
  })

  it('sends nothing to sign out an account that has no token', async () => {
    await storage.delete(MAINNET, alice.address)
    expect(server.requests).toEqual([])
  })

  it('refuses a nonce answer that does not match the schema of core', async () => {
    server.state.intercept = () => ({ status: 200, body: { nonce: 42 } })
    await expect(
      storage.getNonce!({ chainId: MAINNET, accountAddress: alice.address }),
    ).rejects.toMatchObject({
      name: 'InvalidResponseError',
    })
  })
})
