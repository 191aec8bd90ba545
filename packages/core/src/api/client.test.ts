import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import { InvalidResponseError } from '../errors/base.js'
import { dismissAlert } from '../notices/showAlert.js'
import { closedPortUrl, startTestApiServer } from '../testing/apiTestServer.testkit.js'
import { setup } from '../testing/fakeAdapter.testkit.js'
import { API_TIMEOUT_MS, hasApiServer, requestApi } from './client.js'
import { ApiNotConfiguredError, ApiRequestError, ServerUnavailableError } from './clientErrors.js'

const okSchema = z.object({ ok: z.boolean() })
let server: Awaited<ReturnType<typeof startTestApiServer>>

beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  vi.useRealTimers()
  await server.close()
})

const withServer = () => setup({ apiUrl: server.url, projectId: 'p1' })

describe('requestApi', () => {
  test('sends the project id and the query, and returns the checked body', async () => {
    server.reply(() => ({ status: 200, body: { ok: true } }))
    const { portico } = await withServer()
    const result = await requestApi(portico, {
      path: '/v1/account/0xabc/balance',
      query: { chainId: 'eip155:1', cursor: undefined },
      schema: okSchema,
    })
    expect(result).toEqual({ ok: true })
    expect(server.requests).toEqual([
      {
        method: 'GET',
        path: '/v1/account/0xabc/balance',
        query: { projectId: 'p1', chainId: 'eip155:1' },
        body: '',
      },
    ])
  })

  test('keeps the path of an apiUrl behind a reverse proxy', async () => {
    server.reply(() => ({ status: 200, body: { ok: true } }))
    const { portico } = await setup({ apiUrl: `${server.url}/portico`, projectId: 'p1' })
    await requestApi(portico, { path: '/v1/x', schema: okSchema })
    expect(server.requests[0]?.path).toBe('/portico/v1/x')
  })

  test('posts a JSON body', async () => {
    server.reply(() => ({ status: 200, body: { ok: true } }))
    const { portico } = await withServer()
    await requestApi(portico, { method: 'POST', path: '/x', body: { a: 1 }, schema: okSchema })
    expect(server.requests[0]?.method).toBe('POST')
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ a: 1 })
  })

  test('sends nothing when no server is configured', async () => {
    const { portico } = await setup({ projectId: 'p1' })
    expect(hasApiServer(portico)).toBe(false)
    await expect(requestApi(portico, { path: '/x', schema: okSchema })).rejects.toBeInstanceOf(
      ApiNotConfiguredError,
    )
    const withoutProject = await setup({ apiUrl: server.url })
    await expect(requestApi(withoutProject.portico, { path: '/x', schema: okSchema })).rejects.toBeInstanceOf(
      ApiNotConfiguredError,
    )
    expect(server.requests).toEqual([])
  })

  test('rejects a body that does not match the schema with InvalidResponseError', async () => {
    server.reply(() => ({ status: 200, body: { ok: 'yes' } }))
    const { portico } = await withServer()
    const error = await requestApi(portico, { path: '/x', schema: okSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as Error).name).toBe('InvalidResponseError')
  })

  test('rejects a body that is not JSON with InvalidResponseError', async () => {
    server.reply(() => ({ status: 200, raw: '<html>' }))
    const { portico } = await withServer()
    await expect(requestApi(portico, { path: '/x', schema: okSchema })).rejects.toBeInstanceOf(
      InvalidResponseError,
    )
  })

  test.each([
    ['PROJECT_ID_MISSING', 400, 'projectIdNotConfigured'],
    ['INVALID_PROJECT_ID', 403, 'invalidProjectId'],
    ['ORIGIN_NOT_ALLOWED', 403, 'invalidAppConfiguration'],
  ] as const)('a %s refusal throws ApiRequestError and shows its alert once', async (code, status, key) => {
    server.reply(() => ({ status, body: { error: { code, message: 'refused' } } }))
    const { portico } = await withServer()
    const error = await requestApi(portico, { path: '/x', schema: okSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ name: 'ApiRequestError', apiCode: code, status })
    expect(portico.state.alert.current).toMatchObject({ message: { key }, code: status, variant: 'error' })
    dismissAlert(portico)
    await expect(requestApi(portico, { path: '/x', schema: okSchema })).rejects.toBeInstanceOf(
      ApiRequestError,
    )
    expect(portico.state.alert.current).toBeUndefined()
  })

  test('a rate limit throws ApiRequestError without an alert', async () => {
    server.reply(() => ({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'slow down' } } }))
    const { portico } = await withServer()
    await expect(requestApi(portico, { path: '/x', schema: okSchema })).rejects.toMatchObject({
      name: 'ApiRequestError',
      apiCode: 'RATE_LIMITED',
      status: 429,
    })
    expect(portico.state.alert.current).toBeUndefined()
  })

  test('a 5xx answer throws ServerUnavailableError with its code', async () => {
    server.reply(() => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }))
    const { portico } = await withServer()
    const error = await requestApi(portico, { path: '/x', schema: okSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerUnavailableError)
    expect(error).toMatchObject({ status: 503, apiCode: 'UNAVAILABLE' })
    expect(portico.state.alert.current).toBeUndefined()
  })

  test('a server that cannot be reached throws ServerUnavailableError', async () => {
    const { portico } = await setup({ apiUrl: await closedPortUrl(), projectId: 'p1' })
    const error = await requestApi(portico, { path: '/x', schema: okSchema }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ServerUnavailableError)
    expect((error as ServerUnavailableError).status).toBeUndefined()
  })

  test('gives up after 10 s without an answer', async () => {
    let arrived: () => void = () => {}
    const requested = new Promise<void>((resolve) => {
      arrived = resolve
    })
    server.reply(() => {
      arrived()
      return 'hang'
    })
    const { portico } = await withServer()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const pending = requestApi(portico, { path: '/x', schema: okSchema }).catch((e: unknown) => e)
    await requested
    vi.advanceTimersByTime(API_TIMEOUT_MS - 1)
    const early = await Promise.race([pending, Promise.resolve('still waiting')])
    expect(early).toBe('still waiting')
    vi.advanceTimersByTime(1)
    const error = await pending
    expect(error).toBeInstanceOf(ServerUnavailableError)
    expect((error as Error).message).toContain(`no answer within ${API_TIMEOUT_MS} ms`)
  })
})
