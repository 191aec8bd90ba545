import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { defineConfig } from '../loadConfig.js'
import { startServer } from '../startServer.js'
import { DataDirLockedError } from './dataDirLock.js'
import { migrateToLatest } from './migrate.js'
import { PGliteDialect } from './pgliteDialect.js'
import type { Database } from './schema.js'

const open = (dataDir = 'memory://') => new Kysely<Database>({ dialect: new PGliteDialect({ dataDir }) })

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe('PGlite in its worker thread', () => {
  it('starts an in-memory database from the data directory it is given (initialDataDir)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'portico-pglite-initial-'))
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }))
    const source = await PGlite.create('memory://')
    await source.exec(`create table kept (note text); insert into kept values ('from the tarball')`)
    const file = join(folder, 'pgdata.tar')
    writeFileSync(file, new Uint8Array(await (await source.dumpDataDir('none')).arrayBuffer()))
    await source.close()

    const db = new Kysely<Database>({
      dialect: new PGliteDialect({ dataDir: 'memory://', initialDataDir: file }),
    })
    cleanups.push(() => db.destroy())
    const { rows } = await sql<{ note: string }>`select note from kept`.execute(db)
    expect(rows).toEqual([{ note: 'from the tarball' }])
  })

  it('answers /health while a long query holds the database', async () => {
    const server = await startServer(defineConfig({ port: 0, dataDir: 'memory://', log: { level: 'error' } }))
    cleanups.push(() => server.close())
    let heavyDone = false
    // Seconds of work inside the database: on the server's own thread it would hold every request.
    const heavy =
      sql`select count(*) from generate_series(1, 1000000) as a, lateral (select md5(a::text)) as b`
        .execute(server.db)
        .then(() => {
          heavyDone = true
        })
    // A query queued behind it proves the database is busy when /health is asked.
    const behind = sql`select 1`.execute(server.db)
    const health = await fetch(`${server.url}/health`)
    expect(health.status).toBe(200)
    expect(heavyDone).toBe(false)
    await heavy
    await behind
  })

  it('keeps the database error code, constraint and detail across the thread', async () => {
    const db = open()
    cleanups.push(() => db.destroy())
    await migrateToLatest(db)
    await db.insertInto('projects').values({ id: 'p', name: 'p', allowed_origins: '["*"]' }).execute()
    const error = await db
      .insertInto('projects')
      .values({ id: 'p', name: 'again', allowed_origins: '["*"]' })
      .execute()
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: '23505', constraint: 'projects_pkey' })
    expect((error as Error).message).toMatch(/duplicate key/)
  })

  it('runs a transaction on the one connection: a rollback undoes it, other queries wait their turn', async () => {
    const db = open()
    cleanups.push(() => db.destroy())
    await migrateToLatest(db)
    const order: string[] = []
    const failed = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('projects')
          .values({ id: 'gone', name: 'gone', allowed_origins: '["*"]' })
          .execute()
        order.push('inside')
        throw new Error('stop here')
      })
      .catch((error: Error) => error.message)
    const outside = db
      .selectFrom('projects')
      .select('id')
      .execute()
      .then((rows) => {
        order.push('outside')
        return rows
      })
    expect(await failed).toBe('stop here')
    // The query asked during the transaction ran after it, and saw nothing of it.
    expect(await outside).toEqual([])
    expect(order).toEqual(['inside', 'outside'])
  })

  it('returns int8 and numeric as strings, and counts changed rows', async () => {
    const db = open()
    cleanups.push(() => db.destroy())
    const { rows } = await sql<{ big: string; exact: string; when: Date; bytes: Uint8Array }>`
      select 9007199254740993::int8 as big, 1.10::numeric as exact, now() as when, '\\x0102'::bytea as bytes`.execute(
      db,
    )
    expect(rows[0]?.big).toBe('9007199254740993')
    expect(rows[0]?.exact).toBe('1.10')
    expect(rows[0]?.when).toBeInstanceOf(Date)
    expect([...(rows[0]?.bytes ?? [])]).toEqual([1, 2])
    await migrateToLatest(db)
    const result = await db
      .insertInto('projects')
      .values([
        { id: 'a', name: 'a', allowed_origins: '["*"]' },
        { id: 'b', name: 'b', allowed_origins: '["*"]' },
      ])
      .executeTakeFirst()
    expect(result.numInsertedOrUpdatedRows).toBe(2n)
  })

  it('holds the data directory while open, writes it out on close, and lets go of it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-pglite-worker-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const db = open(dir)
    await migrateToLatest(db)
    await db.insertInto('projects').values({ id: 'kept', name: 'kept', allowed_origins: '["*"]' }).execute()
    const second = open(dir)
    await expect(sql`select 1`.execute(second)).rejects.toBeInstanceOf(DataDirLockedError)
    await second.destroy()
    await db.destroy()
    await expect(sql`select 1`.execute(db)).rejects.toThrow()
    const reopened = open(dir)
    cleanups.push(() => reopened.destroy())
    expect(await reopened.selectFrom('projects').select('id').execute()).toEqual([{ id: 'kept' }])
  })
})
