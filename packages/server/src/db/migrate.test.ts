import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { findOrCreateUser, findUserByEmail } from '../auth/users.js'
import { addProject, listProjects } from '../projects/projects.js'
import { createTestDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { createDatabase } from './createDatabase.js'
import { DataDirLockedError } from './dataDirLock.js'
import { isMigrated, MIGRATIONS, migrateToLatest } from './migrate.js'

describe.each(ENGINES)('migrations on %s', (engine) => {
  const databases: TestDatabase[] = []
  afterAll(async () => {
    for (const database of databases) await database.drop()
  })

  it('reports an unmigrated database as not ready, then applies every migration once', async () => {
    const database = await createTestDatabase(engine)
    databases.push(database)
    const db = database.open()
    try {
      expect(await isMigrated(db)).toBe(false)
      expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS))
      expect(await isMigrated(db)).toBe(true)
      expect(await migrateToLatest(db)).toEqual([])
      const tables = await db.introspection.getTables()
      expect(tables.map((table) => table.name)).toEqual(
        expect.arrayContaining(['projects', 'analytics_events']),
      )
    } finally {
      await db.destroy()
    }
  })

  it('refuses a second analytics event with the same project and eventId', async () => {
    const database = await createTestDatabase(engine)
    databases.push(database)
    const db = database.open()
    try {
      await migrateToLatest(db)
      const row = {
        project_id: 'p',
        event_id: 'e1',
        url: 'https://a.example/',
        domain: 'a.example',
        timestamp: 1,
        event: 'MODAL_OPEN',
        props: '{}',
        sdk_type: 'portico',
        sdk_version: '0.1.0',
      }
      await db.insertInto('analytics_events').values(row).execute()
      await expect(db.insertInto('analytics_events').values(row).execute()).rejects.toThrow(
        /unique|duplicate/i,
      )
      await db
        .insertInto('analytics_events')
        .values({ ...row, project_id: 'q' })
        .execute()
    } finally {
      await db.destroy()
    }
  })

  it('lower-cases stored e-mail addresses, leaves accounts that would merge apart, and still finds them', async () => {
    const database = await createTestDatabase(engine)
    databases.push(database)
    const db = database.open()
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } })
      expect((await migrator.migrateTo('006_mail_senders')).error).toBeUndefined()
      const user = (id: string, email: string, at: string) => ({ id, email, created_at: new Date(at) })
      await db
        .insertInto('auth_users')
        .values([
          user('00000000-0000-4000-8000-000000000001', 'Ann.Lee@example.com', '2030-01-01T00:00:00Z'),
          user('00000000-0000-4000-8000-000000000002', 'Bob@example.com', '2030-01-02T00:00:00Z'),
          user('00000000-0000-4000-8000-000000000003', 'BOB@example.com', '2030-01-03T00:00:00Z'),
        ])
        .execute()
      const code = {
        purpose: 'login' as const,
        project_id: 'p',
        code_hash: 'h',
        created_at: new Date(),
        expires_at: new Date(),
      }
      await db
        .insertInto('auth_codes')
        .values({ ...code, email: 'Ann.Lee@example.com' })
        .execute()
      await db
        .insertInto('auth_email_cooldowns')
        .values([
          { email: 'Ann.Lee@example.com', last_sent_at: new Date() },
          { email: 'cy@example.com', last_sent_at: new Date() },
        ])
        .execute()
      await db
        .insertInto('auth_mail_log')
        .values({ email: 'Ann.Lee@example.com', sent_at: new Date() })
        .execute()

      expect(await migrateToLatest(db)).toContain('007_email_normalised')
      const emails = await db.selectFrom('auth_users').select(['id', 'email']).orderBy('id').execute()
      expect(emails.map((row) => row.email)).toEqual([
        'ann.lee@example.com',
        'Bob@example.com',
        'BOB@example.com',
      ])
      expect(await db.selectFrom('auth_codes').select('email').execute()).toEqual([
        { email: 'ann.lee@example.com' },
      ])
      expect(await db.selectFrom('auth_mail_log').select('email').execute()).toEqual([
        { email: 'ann.lee@example.com' },
      ])
      expect(await db.selectFrom('auth_email_cooldowns').select('email').execute()).toEqual([
        { email: 'cy@example.com' },
      ])
      // The two spellings of one inbox are one address now: the oldest account answers for it.
      const bob = await findUserByEmail(db, 'bob@example.com')
      expect(bob?.id).toBe('00000000-0000-4000-8000-000000000002')
      const login = await findOrCreateUser(db, 'bob@example.com', Date.now())
      expect(login).toEqual({ user: bob, created: false })
      expect(await findUserByEmail(db, 'ann.lee@example.com')).toEqual({
        id: '00000000-0000-4000-8000-000000000001',
        email: 'ann.lee@example.com',
      })
    } finally {
      await db.destroy()
    }
  })

  it('returns int8 columns as strings, as pg does', async () => {
    const database = await createTestDatabase(engine)
    databases.push(database)
    const db = database.open()
    try {
      const { rows } = await sql<{
        big: unknown
        exact: unknown
      }>`select 9007199254740993::int8 as big, 1.5::numeric as exact`.execute(db)
      expect(rows[0]).toEqual({ big: '9007199254740993', exact: '1.5' })
    } finally {
      await db.destroy()
    }
  })

  it('keeps a transaction to itself while other queries wait their turn', async () => {
    const database = await createTestDatabase(engine)
    databases.push(database)
    const db = database.open()
    try {
      await migrateToLatest(db)
      let release!: () => void
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const transaction = db.transaction().execute(async (trx) => {
        await addProject(trx, { id: 'inside', origins: ['https://a.example'] })
        await held
        throw new Error('roll back')
      })
      const outside = addProject(db, { id: 'outside', origins: ['https://b.example'] })
      release()
      await expect(transaction).rejects.toThrow('roll back')
      await outside
      expect((await listProjects(db)).map((project) => project.id)).toEqual(['outside'])
    } finally {
      await db.destroy()
    }
  })
})

describe('migrations on PostgreSQL from several instances at once', () => {
  it('leaves one schema when five processes migrate together', async () => {
    const database = await createTestDatabase('postgres')
    const dbs = Array.from({ length: 5 }, () => database.open())
    try {
      const applied = await Promise.all(dbs.map((db) => migrateToLatest(db)))
      expect(applied.flat().sort()).toEqual(Object.keys(MIGRATIONS).sort())
      for (const db of dbs) expect(await isMigrated(db)).toBe(true)
    } finally {
      for (const db of dbs) await db.destroy()
      await database.drop()
    }
  })
})

describe('a PGlite data directory', () => {
  it('keeps projects across restarts and refuses a second open while in use', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-pglite-'))
    try {
      const first = createDatabase({ dataDir: dir })
      await migrateToLatest(first)
      await addProject(first, { id: 'kept', origins: ['https://a.example'] })
      const second = createDatabase({ dataDir: dir })
      await expect(migrateToLatest(second)).rejects.toThrow(DataDirLockedError)
      await second.destroy()
      await first.destroy()

      const reopened = createDatabase({ dataDir: dir })
      expect((await listProjects(reopened)).map((project) => project.id)).toEqual(['kept'])
      await reopened.destroy()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
