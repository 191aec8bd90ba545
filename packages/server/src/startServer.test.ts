import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiErrorSchema, authFrameConfigResponseSchema, historyResponseSchema } from '@portico/core/api'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, startAnvil } from '@portico/test'
import { createWalletClient, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { serverConfigSchema } from './config.js'
import { createLogger } from './logger.js'
import { addProject, removeProject } from './projects/projects.js'
import { startServer } from './startServer.js'
import { createTestDatabase, type TestDatabase } from './testing/testDatabase.js'

const SITE = 'http://localhost:4173'
const quiet = createLogger({ level: 'error', stream: { write: () => {} } })

describe('startServer', () => {
  it('starts on PGlite in memory with a project, serves it, and closes', async () => {
    const server = await startServer(
      serverConfigSchema.parse({ port: 0, dataDir: 'memory://', indexer: 'off' }),
      { logger: quiet },
    )
    try {
      await addProject(server.db, { id: 'demo', origins: [SITE] })
      expect(server.url).toBe(`http://127.0.0.1:${server.port}`)
      const ready = await fetch(`${server.url}/ready`)
      expect(ready.status).toBe(200)
      const analytics = await fetch(`${server.url}/e?projectId=demo&st=portico&sv=1`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'application/json' },
        body: '[]',
      })
      expect(analytics.status).toBe(204)
      expect(analytics.headers.get('access-control-allow-origin')).toBe(SITE)
    } finally {
      await server.close()
    }
    await expect(fetch(`${server.url}/health`)).rejects.toThrow()
  })

  it('lets an in-flight request finish on close, refusing new connections meanwhile', async () => {
    const server = await startServer(
      serverConfigSchema.parse({ port: 0, dataDir: 'memory://', indexer: 'off' }),
      { logger: quiet },
    )
    await addProject(server.db, { id: 'demo', origins: [SITE] })
    // A request whose body arrives slowly is in flight while close() runs.
    let sendRest!: () => void
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve
    })
    let sent!: () => void
    const headersSent = new Promise<void>((resolve) => {
      sent = resolve
    })
    const encoder = new TextEncoder()
    let pulls = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        pulls += 1
        if (pulls === 1) return controller.enqueue(encoder.encode('['))
        // The client asks for more only once the headers and the first chunk are on the socket.
        sent()
        await rest
        controller.enqueue(encoder.encode(']'))
        controller.close()
      },
    })
    const inFlight = fetch(`${server.url}/e?projectId=demo&st=portico&sv=1`, {
      method: 'POST',
      body,
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
    })
    await headersSent
    // Give the server's side of this process a moment to accept and parse what is on the socket.
    await new Promise((resolve) => setTimeout(resolve, 100))
    let closed = false
    const closing = server.close().then(() => {
      closed = true
    })
    await expect(fetch(`${server.url}/health`)).rejects.toThrow()
    expect(closed).toBe(false)
    sendRest()
    expect((await inFlight).status).toBe(204)
    await closing
  })

  it('refuses to start on a port that is taken, closing its database', async () => {
    const first = await startServer(
      serverConfigSchema.parse({ port: 0, dataDir: 'memory://', indexer: 'off' }),
      { logger: quiet },
    )
    try {
      await expect(
        startServer(serverConfigSchema.parse({ port: first.port, dataDir: 'memory://', indexer: 'off' }), {
          logger: quiet,
        }),
      ).rejects.toThrow(/EADDRINUSE/)
    } finally {
      await first.close()
    }
  })
})

describe('startServer with the e-mail login', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  /** A logger that keeps its warnings, parsed. */
  const recording = () => {
    const lines: Array<{ level: string; msg: string; publicUrl?: string }> = []
    const logger = createLogger({ level: 'warn', stream: { write: (line) => lines.push(JSON.parse(line)) } })
    return { logger, warnings: () => lines.filter((line) => line.level === 'warn') }
  }
  const masterKey = randomBytes(32).toString('hex')

  it('warns once without publicUrl, naming the default, whose frame origin counts the port actually bound', async () => {
    const { logger, warnings } = recording()
    const server = await startServer(
      serverConfigSchema.parse({ port: 0, dataDir: 'memory://', indexer: 'off', auth: { masterKey } }),
      { logger },
    )
    try {
      expect(server.port).toBeGreaterThan(0)
      expect(warnings()).toHaveLength(1)
      expect(warnings()[0]?.publicUrl).toBe(server.url)
      expect(warnings()[0]?.msg).toContain(`use ${server.url}. Set publicUrl`)
      expect(warnings()[0]?.msg).toContain('proxy or TLS terminator')
      await addProject(server.db, { id: 'demo', origins: [SITE] })
      // The frame's own origin is let in, so the default counted the bound port, not 0.
      const fromFrame = await fetch(
        `${server.url}/v1/auth/frame-config?projectId=demo&origin=${encodeURIComponent(SITE)}`,
        { headers: { origin: server.url } },
      )
      expect(fromFrame.status).toBe(200)
      expect(authFrameConfigResponseSchema.parse(await fromFrame.json())).toEqual({
        allowed: true,
        allowedOrigins: [SITE],
        smartAccountEnabledNetworks: [],
        sponsoredNetworks: [],
      })
      const portZero = await fetch(`${server.url}/v1/auth/frame-config?projectId=demo`, {
        headers: { origin: 'http://127.0.0.1:0' },
      })
      expect(apiErrorSchema.parse(await portZero.json()).error.code).toBe('ORIGIN_NOT_ALLOWED')
    } finally {
      await server.close()
    }
  })

  it('does not warn when publicUrl is set or the login is off', async () => {
    const { logger, warnings } = recording()
    const withUrl = await startServer(
      serverConfigSchema.parse({
        port: 0,
        dataDir: 'memory://',
        indexer: 'off',
        publicUrl: 'https://wallet.portico.test',
        auth: { masterKey },
      }),
      { logger },
    )
    await withUrl.close()
    vi.stubEnv('PORTICO_MASTER_KEY', '')
    const keyless = await startServer(
      serverConfigSchema.parse({ port: 0, dataDir: 'memory://', indexer: 'off' }),
      { logger },
    )
    await keyless.close()
    expect(warnings()).toEqual([])
  })

  it('refuses a malformed PORTICO_MASTER_KEY before it opens the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-start-'))
    try {
      const dataDir = join(dir, 'data')
      vi.stubEnv('PORTICO_MASTER_KEY', 'nope')
      await expect(
        startServer(serverConfigSchema.parse({ port: 0, dataDir, indexer: 'off' }), { logger: quiet }),
      ).rejects.toThrow(/^PORTICO_MASTER_KEY is not valid\. .*openssl rand -hex 32/)
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the embedded indexer', () => {
  it('starts with the server, so history appears without a separate process', async () => {
    const anvil = await startAnvil({ chainId: 31_337 })
    const server = await startServer(
      serverConfigSchema.parse({
        port: 0,
        dataDir: 'memory://',
        chains: [
          {
            caipNetworkId: 'eip155:31337',
            name: 'Anvil',
            rpcUrl: anvil.rpcUrl,
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            indexer: { startBlock: 0, pollIntervalMs: 100 },
          },
        ],
      }),
      { logger: quiet },
    )
    try {
      await addProject(server.db, { id: 'demo', origins: [SITE] })
      const recipient = ANVIL_ADDRESSES[2] as `0x${string}`
      const wallet = createWalletClient({
        account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as `0x${string}`),
        transport: http(anvil.rpcUrl),
      })
      const hash = await wallet.sendTransaction({ to: recipient, value: parseEther('2'), chain: null })
      const deadline = Date.now() + 30_000
      let hashes: string[] = []
      while (Date.now() < deadline) {
        const response = await fetch(
          `${server.url}/v1/account/${recipient}/history?projectId=demo&chainId=eip155:31337`,
        )
        hashes = historyResponseSchema.parse(await response.json()).data.map((item) => item.metadata.hash)
        if (hashes.length > 0) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(hashes).toEqual([hash])
    } finally {
      await server.close()
      await anvil.stop()
    }
  })
})

describe('two server instances on one PostgreSQL', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await database.drop()
  })

  it('serve the same projects, whichever instance a request reaches', async () => {
    const config = serverConfigSchema.parse({
      port: 0,
      databaseUrl: database.config.databaseUrl,
      indexer: 'off',
      projectCacheMs: 0,
    })
    const [a, b] = await Promise.all([
      startServer(config, { logger: quiet }),
      startServer(config, { logger: quiet }),
    ])
    try {
      await addProject(a.db, { id: 'shared', origins: [SITE] })
      const post = (url: string, eventId: string) =>
        fetch(`${url}/e?projectId=shared&st=portico&sv=1`, {
          method: 'POST',
          headers: { origin: SITE },
          body: JSON.stringify([
            {
              eventId,
              url: `${SITE}/`,
              domain: 'localhost',
              timestamp: 1,
              props: { type: 'track', event: 'MODAL_OPEN' },
            },
          ]),
        })
      expect((await post(b.url, 'x')).status).toBe(204)
      // The same event through the other instance is a duplicate, not a second row.
      expect((await post(a.url, 'x')).status).toBe(204)
      const rows = await a.db
        .selectFrom('analytics_events')
        .select('event_id')
        .where('project_id', '=', 'shared')
        .execute()
      expect(rows).toEqual([{ event_id: 'x' }])

      await removeProject(b.db, 'shared')
      const refused = await post(a.url, 'y')
      expect(refused.status).toBe(403)
      expect(apiErrorSchema.parse(await refused.json()).error.code).toBe('INVALID_PROJECT_ID')
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })
})
