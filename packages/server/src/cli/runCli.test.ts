import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ingestEvents } from '../analytics/ingestEvents.js'
import { createDatabase } from '../db/createDatabase.js'
import { createTestDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { runCli } from './runCli.js'

describe.each(ENGINES)('the portico-server CLI on %s', (engine) => {
  let database: TestDatabase
  let dir: string
  let env: Record<string, string>

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    dir = mkdtempSync(join(tmpdir(), 'portico-cli-'))
    // PGlite in memory would forget between commands: give it a directory.
    env =
      engine === 'postgres'
        ? { DATABASE_URL: database.config.databaseUrl ?? '' }
        : { PORTICO_DATA_DIR: join(dir, 'data') }
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    await database.drop()
  })

  async function cli(...argv: string[]) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(argv, {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env,
    })
    return { code, stdout, stderr }
  }

  it('adds, lists, re-origins and removes a project', async () => {
    const added = await cli(
      'project',
      'add',
      'shop',
      '--origin',
      'https://Shop.example:443/',
      '--origin',
      'http://localhost:5173',
      '--name',
      'The shop',
    )
    expect(added).toMatchObject({ code: 0, stderr: '' })
    expect(added.stdout).toContain('shop\tThe shop\thttps://shop.example http://localhost:5173')

    const listed = await cli('project', 'list', '--json')
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({
        id: 'shop',
        name: 'The shop',
        allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      }),
    ])

    const changed = await cli('project', 'origins', 'shop', '--origin', '*')
    expect(changed.code).toBe(0)
    expect(changed.stderr).toContain('warning')
    expect((await cli('project', 'list')).stdout).toContain('shop\tThe shop\t*')

    expect((await cli('project', 'remove', 'shop')).code).toBe(0)
    expect((await cli('project', 'list')).stdout).toContain('No projects yet')
  })

  it('exits 1 with a clear message for an unknown project, a taken id and a bad origin', async () => {
    const unknown = await cli('project', 'remove', 'ghost')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('There is no project "ghost"')
    expect((await cli('project', 'origins', 'ghost', '--origin', 'https://a.example')).code).toBe(1)

    expect((await cli('project', 'add', 'twice', '--origin', 'https://a.example')).code).toBe(0)
    const taken = await cli('project', 'add', 'twice', '--origin', 'https://a.example')
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain('exists already')

    const badOrigin = await cli('project', 'add', 'pathy', '--origin', 'https://a.example/app')
    expect(badOrigin.code).toBe(1)
    expect(badOrigin.stderr).toContain('"https://a.example/app" is not an origin')
    const noOrigin = await cli('project', 'add', 'bare')
    expect(noOrigin.code).toBe(1)
    expect(noOrigin.stderr).toContain('--origin')
    const badFlag = await cli('project', 'list', '--colour')
    expect(badFlag.code).toBe(1)
    expect(badFlag.stderr).toContain('--colour')
  })

  it('counts analytics events per name and lists rows with --json', async () => {
    const db = createDatabase({ dataDir: env.PORTICO_DATA_DIR ?? 'memory://', databaseUrl: env.DATABASE_URL })
    try {
      const { migrateToLatest } = await import('../db/migrate.js')
      await migrateToLatest(db)
      const event = (eventId: string, name: string, timestamp: number) => ({
        eventId,
        url: 'https://a.example/',
        domain: 'a.example',
        timestamp,
        props: { type: 'track', event: name },
      })
      await ingestEvents(db, {
        projectId: 'one',
        sdkType: 'portico',
        sdkVersion: '0.1.0',
        events: [
          event('1', 'MODAL_OPEN', Date.UTC(2026, 0, 1)),
          event('2', 'MODAL_OPEN', Date.UTC(2026, 0, 3)),
          event('3', 'CONNECT_SUCCESS', Date.UTC(2026, 0, 3)),
        ],
      })
      await ingestEvents(db, {
        projectId: 'two',
        sdkType: 'portico',
        sdkVersion: '0.1.0',
        events: [event('1', 'MODAL_OPEN', Date.UTC(2026, 0, 2))],
      })
    } finally {
      await db.destroy()
    }

    const all = await cli('analytics')
    expect(all.stdout.trim().split('\n')).toEqual([
      'count\tproject\tevent',
      '2\tone\tMODAL_OPEN',
      '1\tone\tCONNECT_SUCCESS',
      '1\ttwo\tMODAL_OPEN',
    ])
    const filtered = await cli(
      'analytics',
      '--project',
      'one',
      '--event',
      'MODAL_OPEN',
      '--since',
      '2026-01-02T00:00:00Z',
    )
    expect(filtered.stdout.trim().split('\n')).toEqual(['count\tproject\tevent', '1\tone\tMODAL_OPEN'])
    const rows = JSON.parse((await cli('analytics', '--json', '--limit', '2')).stdout) as {
      eventId: string
      projectId: string
    }[]
    expect(rows.map((row) => [row.projectId, row.eventId])).toEqual([
      // Newest first; the two share a timestamp, so the later arrival leads.
      ['one', '3'],
      ['one', '2'],
    ])
    const badSince = await cli('analytics', '--since', 'last tuesday')
    expect(badSince.code).toBe(1)
    expect(badSince.stderr).toContain('ISO 8601')
  })

  it('migrates, prints help, and refuses an unknown command', async () => {
    expect((await cli('migrate')).code).toBe(0)
    expect((await cli('--help')).stdout).toContain('project add <id> --origin <origin>')
    const unknown = await cli('launch')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Unknown command "launch"')
  })

  it('rotates the master key from PORTICO_NEW_MASTER_KEY, refusing a missing, malformed or unchanged one', async () => {
    const current = 'a'.repeat(64)
    const withKeys = async (keys: Record<string, string>) => {
      const saved = env
      env = { ...env, PORTICO_MASTER_KEY: current, ...keys }
      try {
        return await cli('rotate-master-key')
      } finally {
        env = saved
      }
    }
    expect((await withKeys({})).stderr).toContain('PORTICO_NEW_MASTER_KEY')
    expect((await withKeys({ PORTICO_NEW_MASTER_KEY: 'short' })).stderr).toContain(
      'PORTICO_NEW_MASTER_KEY is not valid',
    )
    expect((await withKeys({ PORTICO_NEW_MASTER_KEY: current })).stderr).toContain(
      'is the current master key',
    )
    const rotated = await withKeys({ PORTICO_NEW_MASTER_KEY: 'b'.repeat(64) })
    expect(rotated.code).toBe(0)
    expect(rotated.stdout).toMatch(/^Re-wrapped \d+ wallets under the new master key/)
  })

  it('reports a broken config file by name', async () => {
    const file = join(dir, 'broken.json')
    writeFileSync(file, JSON.stringify({ port: 'eighty' }))
    const result = await cli('project', 'list', '--config', file)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain(file)
    expect(result.stderr).toContain('port')
  })
})

describe('portico-server start', () => {
  it('serves until asked to stop, then shuts down and exits 0', async () => {
    let stop!: (signal: string) => void
    const stopped = new Promise<string>((resolve) => {
      stop = resolve
    })
    let output = ''
    let announced!: (url: string) => void
    const listening = new Promise<string>((resolve) => {
      announced = resolve
    })
    const exit = runCli(['start'], {
      stdout: {
        write: (text: string) => {
          output += text
          const line = JSON.parse(text) as { msg: string; url?: string }
          if (line.msg === 'server listening' && line.url) announced(line.url)
        },
      },
      stderr: { write: (text: string) => (output += text) },
      env: { PORT: '0', PORTICO_DATA_DIR: 'memory://' },
      waitForStop: () => stopped,
    })
    const url = await Promise.race([
      listening,
      exit.then((code) => Promise.reject(new Error(`exited ${code}: ${output}`))),
    ])
    expect((await fetch(`${url}/ready`)).status).toBe(200)
    stop('SIGTERM')
    expect(await exit).toBe(0)
    expect(output).toContain('"msg":"server stopped"')
    await expect(fetch(`${url}/health`)).rejects.toThrow()
  })
})

describe('portico-server indexer', () => {
  it('runs the indexer alone until asked to stop, then exits 0', async () => {
    let output = ''
    const code = await runCli(['indexer'], {
      stdout: { write: (text: string) => (output += text) },
      stderr: { write: (text: string) => (output += text) },
      env: { PORTICO_DATA_DIR: 'memory://' },
      waitForStop: async () => 'SIGTERM',
    })
    expect(code).toBe(0)
    expect(output).toContain('"msg":"indexer running"')
    expect(output).toContain('"signal":"SIGTERM"')
  })
})
