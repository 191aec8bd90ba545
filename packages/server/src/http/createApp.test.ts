import { apiErrorSchema } from '@portico/core/api'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listEvents } from '../analytics/queryEvents.js'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createLogger } from '../logger.js'
import { addProject, removeProject, setProjectOrigins } from '../projects/projects.js'
import {
  createMigratedDatabase,
  createTestDatabase,
  ENGINES,
  type TestDatabase,
} from '../testing/testDatabase.js'
import { createApp } from './createApp.js'

const SITE = 'https://shop.example'
const OTHER = 'https://evil.example'

function captureLogs() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger({
    level: 'debug',
    stream: { write: (line: string) => lines.push(JSON.parse(line)) },
  })
  return { logger, lines }
}

async function expectRefusal(response: Response, status: number, code: string, origin?: string) {
  expect(response.status).toBe(status)
  const body = apiErrorSchema.parse(await response.json())
  expect(body.error.code).toBe(code)
  if (origin) expect(response.headers.get('access-control-allow-origin')).toBe(origin)
  return body.error.message
}

const analyticsEvent = (eventId: string, event = 'MODAL_OPEN') => ({
  eventId,
  url: `${SITE}/checkout`,
  domain: 'shop.example',
  timestamp: 1_760_000_000_000,
  props: { type: 'track', event, properties: { connected: false } },
})

describe.each(ENGINES)('the HTTP app on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let time = 1_000_000
  const now = () => time
  const { logger, lines } = captureLogs()

  const makeApp = (overrides: Record<string, unknown> = {}) =>
    createApp({ config: serverConfigSchema.parse({ projectCacheMs: 5_000, ...overrides }), db, logger, now })

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', name: 'Shop', origins: [SITE] })
    await addProject(db, { id: 'open', origins: ['*'] })
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  describe('refusals', () => {
    it('refuses a request without a projectId with 400 PROJECT_ID_MISSING, readable by the page', async () => {
      const response = await makeApp().request('/v1/?chainId=eip155:1', {
        method: 'POST',
        headers: { origin: SITE },
      })
      const message = await expectRefusal(response, 400, 'PROJECT_ID_MISSING', SITE)
      expect(message).toContain('portico-server project add')
    })

    it('refuses an unknown projectId with 403 INVALID_PROJECT_ID', async () => {
      const response = await makeApp().request('/e?projectId=nope&st=portico&sv=1', {
        method: 'POST',
        headers: { origin: SITE },
        body: '[]',
      })
      const message = await expectRefusal(response, 403, 'INVALID_PROJECT_ID', SITE)
      expect(message).toContain('"nope"')
    })

    it('refuses a request from an origin not on the list, naming the origin and the command, never the list', async () => {
      const response = await makeApp().request(
        '/v1/account/0x0000000000000000000000000000000000000001/balance?projectId=shop&chainId=eip155:1',
        {
          headers: { origin: OTHER },
        },
      )
      const message = await expectRefusal(response, 403, 'ORIGIN_NOT_ALLOWED', OTHER)
      expect(message).toContain(OTHER)
      expect(message).toContain(
        `portico-server project origins shop --origin <each of them> --origin ${OTHER}`,
      )
      expect(message).not.toContain(SITE)
      expect(response.headers.get('vary')).toContain('Origin')
    })

    it('lets a request without an Origin header through (servers and curl send none)', async () => {
      const response = await makeApp().request('/e?projectId=shop&st=portico&sv=1', {
        method: 'POST',
        body: '[]',
      })
      expect(response.status).toBe(204)
    })

    it('allows any origin for a project whose list is *', async () => {
      const response = await makeApp().request('/e?projectId=open&st=portico&sv=1', {
        method: 'POST',
        headers: { origin: OTHER },
        body: '[]',
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(OTHER)
    })

    it('answers a preflight with the methods and headers the modal uses', async () => {
      const response = await makeApp().request('/e?projectId=shop&st=portico&sv=1', {
        method: 'OPTIONS',
        headers: {
          origin: SITE,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
      expect(response.headers.get('access-control-allow-methods')).toContain('POST')
      expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    })

    it('answers an unknown path with 404 NOT_FOUND and a wrong method with 405', async () => {
      await expectRefusal(await makeApp().request('/nothing'), 404, 'NOT_FOUND')
      const response = await makeApp().request('/e?projectId=shop&st=portico&sv=1', { method: 'GET' })
      await expectRefusal(response, 405, 'METHOD_NOT_ALLOWED')
      expect(response.headers.get('allow')).toBe('POST')
    })

    it('refuses a balance request for something that is not an address, and a chain it does not serve', async () => {
      const app = makeApp()
      const bad = await app.request('/v1/account/0x123/balance?projectId=shop&chainId=eip155:1')
      expect(await expectRefusal(bad, 400, 'BAD_REQUEST')).toContain('0x123')
      const unknownChain = await app.request(
        '/v1/account/0x0000000000000000000000000000000000000001/history?projectId=shop&chainId=eip155:999',
      )
      expect(await expectRefusal(unknownChain, 400, 'UNSUPPORTED_CHAIN')).toContain('eip155:999')
    })
  })

  describe('the project cache', () => {
    it('stops serving a removed project once the cache time has passed', async () => {
      await addProject(db, { id: 'short-lived', origins: [SITE] })
      const app = makeApp()
      const request = () =>
        app.request('/e?projectId=short-lived&st=portico&sv=1', {
          method: 'POST',
          headers: { origin: SITE },
          body: '[]',
        })
      expect((await request()).status).toBe(204)
      await removeProject(db, 'short-lived')
      time += 4_000
      expect((await request()).status).toBe(204)
      time += 1_001
      await expectRefusal(await request(), 403, 'INVALID_PROJECT_ID', SITE)
    })

    it('applies new origins once the cache time has passed', async () => {
      await addProject(db, { id: 'moving', origins: [SITE] })
      const app = makeApp()
      const request = () =>
        app.request('/e?projectId=moving&st=portico&sv=1', {
          method: 'POST',
          headers: { origin: OTHER },
          body: '[]',
        })
      await expectRefusal(await request(), 403, 'ORIGIN_NOT_ALLOWED')
      await setProjectOrigins(db, 'moving', [SITE, OTHER])
      time += 5_001
      expect((await request()).status).toBe(204)
    })
  })

  describe('rate limits', () => {
    const post = (app: ReturnType<typeof makeApp>, projectId: string, ip?: string) =>
      app.request(`/e?projectId=${projectId}&st=portico&sv=1`, {
        method: 'POST',
        headers: { origin: SITE, ...(ip ? { 'x-forwarded-for': `10.9.9.9, ${ip}` } : {}) },
        body: '[]',
      })

    it('refuses the request past the per-IP limit with 429 RATE_LIMITED and Retry-After, per IP', async () => {
      const app = makeApp({ trustProxy: true, rateLimit: { perIp: 3, perProject: 1_000 } })
      for (let i = 0; i < 3; i++) expect((await post(app, 'shop', '192.0.2.1')).status).toBe(204)
      const refused = await post(app, 'shop', '192.0.2.1')
      expect(await expectRefusal(refused, 429, 'RATE_LIMITED', SITE)).toContain('192.0.2.1')
      expect(refused.headers.get('retry-after')).toBe('60')
      expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After')
      expect((await post(app, 'shop', '192.0.2.2')).status).toBe(204)
      time += 60_000
      expect((await post(app, 'shop', '192.0.2.1')).status).toBe(204)
    })

    it('ignores X-Forwarded-For unless trustProxy is set', async () => {
      const app = makeApp({ rateLimit: { perIp: 2, perProject: 1_000 } })
      expect((await post(app, 'shop', '192.0.2.1')).status).toBe(204)
      expect((await post(app, 'shop', '192.0.2.2')).status).toBe(204)
      await expectRefusal(await post(app, 'shop', '192.0.2.3'), 429, 'RATE_LIMITED')
    })

    it('refuses a project past its per-project limit whichever IP asks', async () => {
      const app = makeApp({ trustProxy: true, rateLimit: { perIp: 1_000, perProject: 2 } })
      expect((await post(app, 'shop', '192.0.2.1')).status).toBe(204)
      expect((await post(app, 'shop', '192.0.2.2')).status).toBe(204)
      const refused = await post(app, 'shop', '192.0.2.3')
      expect(await expectRefusal(refused, 429, 'RATE_LIMITED')).toContain('"shop"')
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await post(app, 'open', '192.0.2.3')).status).toBe(204)
    })
  })

  describe('analytics', () => {
    const send = (body: string, query = 'projectId=shop&st=portico&sv=0.1.0') =>
      makeApp().request(`/e?${query}`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body,
      })

    it('stores the events createAnalytics sends and drops a repeated eventId', async () => {
      const first = await send(
        JSON.stringify([analyticsEvent('a-1'), analyticsEvent('a-2', 'CONNECT_SUCCESS')]),
      )
      expect(first.status).toBe(204)
      const retry = await send(
        JSON.stringify([analyticsEvent('a-2', 'CONNECT_SUCCESS'), analyticsEvent('a-2', 'CONNECT_SUCCESS')]),
      )
      expect(retry.status).toBe(204)
      const stored = await listEvents(db, { projectId: 'shop' })
      expect(
        stored
          .filter((event) => event.eventId.startsWith('a-'))
          .map((event) => [event.eventId, event.event])
          .sort(),
      ).toEqual([
        ['a-1', 'MODAL_OPEN'],
        ['a-2', 'CONNECT_SUCCESS'],
      ])
      const one = stored.find((event) => event.eventId === 'a-1')
      expect(one).toMatchObject({
        sdkType: 'portico',
        sdkVersion: '0.1.0',
        domain: 'shop.example',
        timestamp: 1_760_000_000_000,
      })
      expect(one?.props).toEqual(analyticsEvent('a-1').props)
    })

    it('refuses a malformed body with 400 BAD_REQUEST saying what is wrong, storing nothing', async () => {
      const missing = await send(
        JSON.stringify([{ ...analyticsEvent('b-1'), timestamp: 'yesterday' }, analyticsEvent('b-2')]),
      )
      expect(await expectRefusal(missing, 400, 'BAD_REQUEST', SITE)).toContain('0.timestamp')
      expect(await expectRefusal(await send('{not json'), 400, 'BAD_REQUEST')).toContain('not valid JSON')
      expect(await expectRefusal(await send('{}'), 400, 'BAD_REQUEST')).toContain('JSON array')
      expect(await expectRefusal(await send('[]', 'projectId=shop'), 400, 'BAD_REQUEST')).toContain(
        'st (SDK type)',
      )
      expect(
        (await listEvents(db, { projectId: 'shop' })).some((event) => event.eventId.startsWith('b-')),
      ).toBe(false)
    })

    it('refuses a body over the size limit with 413 PAYLOAD_TOO_LARGE', async () => {
      const app = createApp({
        config: serverConfigSchema.parse({ analytics: { maxBodyBytes: 1_024 } }),
        db,
        logger,
        now,
      })
      const events = Array.from({ length: 20 }, (_, i) => analyticsEvent(`c-${i}`))
      const response = await app.request('/e?projectId=shop&st=portico&sv=1', {
        method: 'POST',
        body: JSON.stringify(events),
      })
      await expectRefusal(response, 413, 'PAYLOAD_TOO_LARGE')
    })
  })

  describe('analytics bounds', () => {
    const sendWith = (app: ReturnType<typeof makeApp>, events: unknown[], ip = '192.0.2.1') =>
      app.request('/e?projectId=shop&st=portico&sv=0.1.0', {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(events),
      })
    const withProperties = (eventId: string, properties: unknown) => ({
      ...analyticsEvent(eventId),
      props: { type: 'track', event: 'MODAL_OPEN', properties },
    })
    const stored = async (prefix: string) =>
      (await listEvents(db, { projectId: 'shop' })).filter((event) => event.eventId.startsWith(prefix))

    it('refuses a 500 KB properties object with 413 by default, storing nothing', async () => {
      const response = await sendWith(makeApp(), [withProperties('big-1', { blob: 'x'.repeat(500_000) })])
      await expectRefusal(response, 413, 'PAYLOAD_TOO_LARGE', SITE)
      expect(await stored('big-')).toEqual([])
    })

    it('refuses props that are too large, too deep, have too many keys or too long a string with 400', async () => {
      // A body limit high enough that only the bounds of props can refuse.
      const app = makeApp({ analytics: { maxBodyBytes: 1024 * 1024 } })
      const cases: Array<[string, unknown, string]> = [
        [
          'size',
          Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`k${i}`, 'y'.repeat(900)])),
          'larger than 4096 bytes',
        ],
        ['depth', { a: { b: { c: { d: 1 } } } }, 'deeper than 4 levels'],
        ['keys', Object.fromEntries(Array.from({ length: 70 }, (_, i) => [`k${i}`, i])), 'more than 64 keys'],
        ['string', { name: 'z'.repeat(1_025) }, 'longer than 1024 characters'],
        ['key', { ['k'.repeat(1_025)]: 1 }, 'longer than 1024 characters'],
      ]
      for (const [name, properties, why] of cases) {
        const response = await sendWith(app, [withProperties(`bound-${name}`, properties)])
        expect(await expectRefusal(response, 400, 'BAD_REQUEST', SITE)).toContain(why)
      }
      expect(await stored('bound-')).toEqual([])
      // The modal's own events stay well inside the bounds.
      const swap = withProperties('bound-ok', {
        network: 'eip155:1',
        swapFromToken: 'ETH',
        swapToToken: 'USDC',
        swapFromAmount: '1.5',
        swapToAmount: '4500',
        isSmartAccount: false,
        nested: { a: [1, 2] },
      })
      expect((await sendWith(app, [swap])).status).toBe(204)
      expect((await stored('bound-')).map((event) => event.eventId)).toEqual(['bound-ok'])
    })

    it('caps the bytes of events one IP, and one project, may have stored per minute with 429 and Retry-After', async () => {
      const batch = (prefix: string) => Array.from({ length: 4 }, (_, i) => analyticsEvent(`${prefix}-${i}`))
      // Every batch below has the same size: room for two per IP, four per project.
      const size = JSON.stringify(batch('cap-a-0')).length
      const app = makeApp({
        trustProxy: true,
        analytics: {
          perIpBytesPerMinute: Math.floor(size * 2.5),
          perProjectBytesPerMinute: Math.floor(size * 4.5),
        },
      })
      expect((await sendWith(app, batch('cap-a-0'), '192.0.2.10')).status).toBe(204)
      expect((await sendWith(app, batch('cap-a-1'), '192.0.2.10')).status).toBe(204)
      const overIp = await sendWith(app, batch('cap-a-2'), '192.0.2.10')
      expect(await expectRefusal(overIp, 429, 'RATE_LIMITED', SITE)).toContain('192.0.2.10')
      expect(overIp.headers.get('retry-after')).toBe('60')
      // Another IP may still store, until the project's own cap.
      expect((await sendWith(app, batch('cap-b-0'), '192.0.2.11')).status).toBe(204)
      expect((await sendWith(app, batch('cap-b-1'), '192.0.2.11')).status).toBe(204)
      const overProject = await sendWith(app, batch('cap-c-0'), '192.0.2.12')
      expect(await expectRefusal(overProject, 429, 'RATE_LIMITED')).toContain('"shop"')
      expect((await stored('cap-')).length).toBe(16)
      time += 60_000
      expect((await sendWith(app, batch('cap-a-3'), '192.0.2.10')).status).toBe(204)
    })
  })

  describe('health, readiness and failures', () => {
    it('answers /health and /ready on a migrated database', async () => {
      const app = makeApp()
      expect((await app.request('/health')).status).toBe(200)
      expect(await (await app.request('/ready')).json()).toEqual({ status: 'ready' })
    })

    it('is not ready while shutting down, so a load balancer stops sending', async () => {
      const app = createApp({ config: serverConfigSchema.parse({}), db, logger, now, isDraining: () => true })
      expect(await expectRefusal(await app.request('/ready'), 503, 'UNAVAILABLE')).toContain('shutting down')
      expect((await app.request('/health')).status).toBe(200)
    })

    it('is not ready before migrations, nor once the database is closed', async () => {
      const fresh = await createTestDatabase(engine)
      const freshDb = fresh.open()
      try {
        const app = createApp({ config: serverConfigSchema.parse({}), db: freshDb, logger, now })
        await expectRefusal(await app.request('/ready'), 503, 'UNAVAILABLE')
        const { migrateToLatest } = await import('../db/migrate.js')
        await migrateToLatest(freshDb)
        expect((await app.request('/ready')).status).toBe(200)
        await freshDb.destroy()
        await expectRefusal(await app.request('/ready'), 503, 'UNAVAILABLE')
        expect((await app.request('/health')).status).toBe(200)
        // A failure nobody planned for is logged with its stack and answered without details.
        const failed = await app.request('/e?projectId=shop&st=portico&sv=1', { method: 'POST', body: '[]' })
        const message = await expectRefusal(failed, 500, 'INTERNAL')
        expect(message).not.toMatch(/at |destroy|pglite|pool/i)
        const logged = lines.find((line) => line.msg === 'request failed')
        expect((logged?.err as { stack?: string } | undefined)?.stack).toBeTruthy()
      } finally {
        await freshDb.destroy().catch(() => {})
        await fresh.drop()
      }
    })

    it('logs each request with method, path without the query, status, duration and projectId', async () => {
      await makeApp().request('/e?projectId=shop&st=portico&sv=1&secret=abc', {
        method: 'POST',
        headers: { origin: SITE },
        body: '[]',
      })
      const line = [...lines].reverse().find((entry) => entry.msg === 'request')
      expect(line).toMatchObject({
        level: 'info',
        method: 'POST',
        path: '/e',
        status: 204,
        projectId: 'shop',
      })
      expect(typeof line?.durationMs).toBe('number')
      expect(typeof line?.time).toBe('string')
      expect(JSON.stringify(line)).not.toContain('secret')
    })
  })
})
