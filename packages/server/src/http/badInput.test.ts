import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiErrorSchema } from '@portico/core/api'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { createApp } from './createApp.js'

const SITE = 'https://shop.example'
const ACCOUNT = '0x00000000000000000000000000000000000000aa'
const NUL = '\u0000'
const LONE_SURROGATE = '\ud800'

const event = (overrides: Record<string, unknown> = {}) => ({
  eventId: 'e1',
  url: `${SITE}/`,
  domain: 'shop.example',
  timestamp: 1_760_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN' },
  ...overrides,
})

/** A cursor as the server makes them, for `ACCOUNT` on eip155:1, at a forged position. */
const forgedCursor = (block: string, index: number) => {
  const scope = createHash('sha256').update(`eip155:1\n${ACCOUNT}`).digest('hex').slice(0, 16)
  return Buffer.from(JSON.stringify({ v: 1, block, index, scope })).toString('base64url')
}

describe.each(ENGINES)('bad input on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let app: ReturnType<typeof createApp>
  const lines: Array<{ level: string; msg: string }> = []
  const logger = createLogger({
    level: 'debug',
    stream: { write: (line: string) => lines.push(JSON.parse(line)) },
  })

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', name: 'Shop', origins: [SITE] })
    const frameDir = await mkdtemp(join(tmpdir(), 'portico-frame-'))
    await mkdir(join(frameDir, 'assets'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    const config = serverConfigSchema.parse({
      chains: [
        {
          caipNetworkId: 'eip155:1',
          name: 'Ethereum',
          rpcUrl: 'http://127.0.0.1:9/',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
      frame: { dir: frameDir },
    })
    app = createApp({ config, db, logger })
  }, 120_000)
  beforeEach(() => {
    lines.length = 0
  })
  afterAll(async () => {
    await db?.destroy()
    await database?.drop()
  })

  /** Asserts a 4xx refusal with `code`, and that the server logged nothing at error level. */
  const expectRefused = async (response: Response, status: number, code: string) => {
    const text = await response.text()
    expect({ status: response.status, code: apiErrorSchema.parse(JSON.parse(text)).error.code }).toEqual({
      status,
      code,
    })
    expect(lines.filter((line) => line.level === 'error')).toEqual([])
  }

  const postEvents = (body: unknown, query = 'projectId=shop&st=portico&sv=1') =>
    app.request(`/e?${query}`, {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it.each([
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('refuses %s in an analytics field with 400 BAD_REQUEST', async (_, bad) => {
    await expectRefused(await postEvents([event({ url: `${SITE}/${bad}` })]), 400, 'BAD_REQUEST')
    await expectRefused(
      await postEvents([event({ props: { type: 'track', event: 'X', [`k${bad}`]: 1 } })]),
      400,
      'BAD_REQUEST',
    )
    await expectRefused(
      await postEvents([event({ props: { type: 'track', event: `X${bad}` } })]),
      400,
      'BAD_REQUEST',
    )
  })

  it.each([
    ['a NUL byte', '%00'],
    ['a lone surrogate', '%ED%A0%80'],
  ])('refuses %s in st or sv with 400 BAD_REQUEST', async (_, bad) => {
    await expectRefused(
      await postEvents([event()], `projectId=shop&st=portico${bad}&sv=1`),
      400,
      'BAD_REQUEST',
    )
    await expectRefused(
      await postEvents([event()], `projectId=shop&st=portico&sv=1${bad}`),
      400,
      'BAD_REQUEST',
    )
  })

  it.each([
    ['a NUL byte', '%00'],
    ['a lone surrogate', '%ED%A0%80'],
    ['a malformed escape', '%E0%A4%A'],
  ])('refuses %s in projectId with 400 BAD_REQUEST', async (_, bad) => {
    await expectRefused(
      await postEvents([event()], `projectId=shop${bad}&st=portico&sv=1`),
      400,
      'BAD_REQUEST',
    )
    const rpc = await app.request(`/v1/?chainId=eip155:1&projectId=${bad}shop`, {
      method: 'POST',
      headers: { origin: SITE },
      body: '{}',
    })
    await expectRefused(rpc, 400, 'BAD_REQUEST')
  })

  it.each([
    ['a NUL byte', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ])('refuses %s in the SIWX nonce fields with 400 BAD_REQUEST', async (_, bad) => {
    for (const body of [{ chainId: `eip155:1${bad}` }, { accountAddress: `${ACCOUNT}${bad}` }]) {
      const response = await app.request('/v1/siwx/nonce?projectId=shop', {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      await expectRefused(response, 400, 'BAD_REQUEST')
    }
  })

  it.each([
    ['a block past the largest bigint', '99999999999999999999', 0],
    ['an index past the largest integer', '100', 2 ** 40],
  ])('refuses a forged history cursor with %s with 400 BAD_REQUEST', async (_, block, index) => {
    const response = await app.request(
      `/v1/account/${ACCOUNT}/history?chainId=eip155:1&projectId=shop&cursor=${forgedCursor(block, index)}`,
      { headers: { origin: SITE } },
    )
    await expectRefused(response, 400, 'BAD_REQUEST')
  })

  it.each(['%', '%E0%A4%A', '%c0%ae', 'assets/%c0%ae%c0%ae/index.html'])(
    'answers the frame path /frame/%s with 400 BAD_REQUEST',
    async (path) => {
      await expectRefused(await app.request(`/frame/${path}?projectId=shop`), 400, 'BAD_REQUEST')
    },
  )

  it('says what is wrong with deeply nested RPC params instead of blaming the node', async () => {
    const nested = `${'['.repeat(5_000)}${']'.repeat(5_000)}`
    const response = await app.request('/v1/?chainId=eip155:1&projectId=shop', {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      body: `{"jsonrpc":"2.0","id":1,"method":"eth_call","params":${nested}}`,
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as { error?: { code: number; message: string } }
    expect(body.error?.code).toBe(-32600)
    expect(body.error?.message).toMatch(/nested/)
    expect(lines.filter((line) => line.level === 'error')).toEqual([])
  })
})
