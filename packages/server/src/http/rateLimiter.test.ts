import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { createDatabaseRateLimiter, createRateLimiter } from './rateLimiter.js'

describe('the rate limit in the database', () => {
  let database: TestDatabase
  let dbs: Awaited<ReturnType<typeof createMigratedDatabase>>['db'][]
  beforeEach(async () => {
    const migrated = await createMigratedDatabase('postgres')
    database = migrated.database
    // Two server instances: each its own pool on the same PostgreSQL database.
    dbs = [migrated.db, database.open()]
  })
  afterEach(async () => {
    for (const db of dbs) await db.destroy()
    await database.drop()
  })

  it('counts the requests of two instances together', async () => {
    let time = 1_800_000_000_000
    const now = () => time
    const [a, b] = dbs.map((db) => createDatabaseRateLimiter({ db, name: 'ip', limit: 3, now }))
    expect(await a?.hit('10.0.0.1')).toEqual({ allowed: true })
    expect(await b?.hit('10.0.0.1')).toEqual({ allowed: true })
    expect(await a?.hit('10.0.0.1')).toEqual({ allowed: true })
    // The fourth, on either instance, is over: the window ends 40 s later.
    time += 20_000
    expect(await b?.hit('10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 40 })
    // Another key, and another limiter's same key, count apart.
    expect(await b?.hit('10.0.0.2')).toEqual({ allowed: true })
    const project = createDatabaseRateLimiter({ db: dbs[0]!, name: 'project', limit: 1, now })
    expect(await project.hit('10.0.0.1')).toEqual({ allowed: true })
    // The next window starts from zero, and the past one's rows are swept.
    time += 40_000
    expect(await a?.hit('10.0.0.1')).toEqual({ allowed: true })
    const rows = await dbs[0]!.selectFrom('rate_limit_counters').select('bucket').execute()
    expect(rows.map((row) => row.bucket)).toEqual([`ip:10.0.0.1:${1_800_000_060_000}`])
  })

  it('counts a batch by its weight and stays exact under concurrent hits', async () => {
    const now = () => 1_800_000_000_000
    const limiters = dbs.map((db) => createDatabaseRateLimiter({ db, name: 'ip', limit: 100, now }))
    const hits = await Promise.all(
      Array.from({ length: 60 }, (_, index) => limiters[index % 2]!.hit('10.0.0.9', 2)),
    )
    // 120 counted: exactly the first 50 fit under 100, whatever the interleaving.
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(50)
  })

  it('carries a burst on one key in a few upserts, judging each hit at its place in arrival order', async () => {
    let upserts = 0
    const counted = dbs[0]!.withPlugin({
      transformQuery: (args) => {
        if (args.node.kind === 'InsertQueryNode') upserts++
        return args.node
      },
      transformResult: async (args) => args.result,
    })
    const limiter = createDatabaseRateLimiter({
      db: counted,
      name: 'project',
      limit: 30,
      now: () => 1_800_000_000_000,
    })
    const hits = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('shop')))
    // The first hit's upsert, then one for the 39 that arrived while it ran.
    expect(upserts).toBe(2)
    expect(hits.map((hit) => hit.allowed)).toEqual(Array.from({ length: 40 }, (_, index) => index < 30))
    const [row] = await dbs[0]!.selectFrom('rate_limit_counters').select('count').execute()
    expect(row?.count).toBe(40)
  })

  it('refuses every hit of a batch whose upsert fails, and counts again afterwards', async () => {
    const limiter = createDatabaseRateLimiter({
      db: dbs[1]!,
      name: 'ip',
      limit: 5,
      now: () => 1_800_000_000_000,
    })
    expect(await limiter.hit('10.0.0.3')).toEqual({ allowed: true })
    await dbs[0]!.schema.alterTable('rate_limit_counters').renameTo('rate_limit_counters_away').execute()
    const failed = await Promise.allSettled([limiter.hit('10.0.0.3'), limiter.hit('10.0.0.3')])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    await dbs[0]!.schema.alterTable('rate_limit_counters_away').renameTo('rate_limit_counters').execute()
    expect(await limiter.hit('10.0.0.3')).toEqual({ allowed: true })
  })
})

describe('the rate limit in memory', () => {
  it('counts one process alone, per window', async () => {
    let time = 0
    const limiter = createRateLimiter({ limit: 2, now: () => time })
    expect(await limiter.hit('k')).toEqual({ allowed: true })
    expect(await limiter.hit('k', 1)).toEqual({ allowed: true })
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 60 })
    time = 60_000
    expect(await limiter.hit('k')).toEqual({ allowed: true })
  })
})
