import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { type SmtpCatcher, startSmtpCatcher } from '../testing/smtpCatcher.testkit.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { createApp } from './createApp.js'

const FRAME = 'https://wallet.portico.test'
const TOKEN = 'scrape-token-0123456789'
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

/** The samples of an exposition, `name{labels}` → value; throws on a line that is not the format. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue
    const match = /^([a-z_]+(?:\{(?:[a-z_]+="(?:[^"\\]|\\.)*",?)*\})?) (-?[0-9.e+-]+|\+Inf)$/.exec(line)
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`)
    samples.set(match[1] as string, Number(match[2]))
  }
  return samples
}

describe('/metrics', () => {
  let database: TestDatabase
  let db: Kysely<Database>
  let smtp: SmtpCatcher
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'shop', origins: ['https://shop.example'] })
    await db
      .insertInto('activity_chains')
      .values({ chain: 'eip155:1', last_block: '100', lease_owner: null, lease_expires_at: null })
      .execute()
    smtp = await startSmtpCatcher()
    const config = serverConfigSchema.parse({
      publicUrl: FRAME,
      metrics: { token: TOKEN },
      auth: {
        masterKey: randomBytes(32).toString('hex'),
        smtp: { host: '127.0.0.1', port: smtp.port },
      },
    })
    app = createApp({ config, db, logger, indexerHeads: () => new Map([['eip155:1', 120n]]) })
  }, 120_000)
  afterAll(async () => {
    await smtp?.close()
    await db?.destroy()
    await database?.drop()
  })

  const scrape = async () => {
    const response = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    return parseExposition(await response.text())
  }

  it('counts requests and latencies per route pattern, not per raw path', async () => {
    for (let index = 0; index < 3; index++)
      expect((await app.request('/v1/wallets?projectId=shop')).status).toBe(200)
    expect((await app.request('/v1/account/not-an-address/balance?projectId=shop')).status).toBe(400)
    expect((await app.request('/no/such/path')).status).toBe(404)
    const samples = await scrape()
    expect(samples.get('portico_http_requests_total{method="GET",route="/v1/wallets",status="200"}')).toBe(3)
    expect(
      samples.get(
        'portico_http_requests_total{method="GET",route="/v1/account/:address/balance",status="400"}',
      ),
    ).toBe(1)
    expect(samples.get('portico_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1)
    expect(samples.get('portico_http_request_duration_seconds_count{method="GET",route="/v1/wallets"}')).toBe(
      3,
    )
    expect(
      samples.get('portico_http_request_duration_seconds_bucket{method="GET",route="/v1/wallets",le="+Inf"}'),
    ).toBe(3)
  })

  it('reports the database pool and the indexer lag', async () => {
    const samples = await scrape()
    expect(samples.get('portico_db_pool_connections{state="total"}')).toBe(1)
    expect(samples.get('portico_db_pool_connections{state="waiting"}')).toBe(0)
    expect(samples.get('portico_indexer_block{chain="eip155:1"}')).toBe(100)
    expect(samples.get('portico_indexer_lag_blocks{chain="eip155:1"}')).toBe(20)
  })

  it('counts mails sent and refused', async () => {
    const ask = () =>
      app.request('/v1/auth/email?projectId=shop', {
        method: 'POST',
        headers: { origin: FRAME, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'visitor@mail.example',
          deviceId: randomBytes(16).toString('base64url'),
        }),
      })
    expect((await ask()).status).toBe(200)
    await smtp.waitFor('visitor@mail.example')
    expect((await ask()).status).toBe(429)
    const samples = await scrape()
    expect(samples.get('portico_mail_sent_total')).toBe(1)
    expect(samples.get('portico_mail_refused_total{reason="cooldown"}')).toBe(1)
    expect(samples.get('portico_mail_refused_total{reason="daily_cap"}')).toBe(0)
  })

  it('answers 401 without the token and is off (404) when no token is configured', async () => {
    const refused = await app.request('/metrics', {
      headers: { authorization: 'Bearer wrong-token-0123456789' },
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/)
    expect((await app.request('/metrics')).status).toBe(401)
    const off = createApp({ config: serverConfigSchema.parse({}), db, logger })
    expect((await off.request('/metrics')).status).toBe(404)
  })
})
