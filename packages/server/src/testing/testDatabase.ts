/**
 * Databases for tests, on both engines the server supports: PGlite in memory, and a database of
 * its own in the run's PostgreSQL cluster (so test files can run in parallel).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { inject } from 'vitest'
import { createDatabase } from '../db/createDatabase.js'
import { migrateToLatest } from '../db/migrate.js'
import type { Database } from '../db/schema.js'

export const ENGINES = ['pglite', 'postgres'] as const
export type Engine = (typeof ENGINES)[number]

export interface TestDatabase {
  engine: Engine
  /** What the server config needs to open this database. */
  config: { dataDir: string; databaseUrl?: string }
  /** Opens a connection (a second one for a second server instance, on PostgreSQL). */
  open(): Kysely<Database>
  /** Removes the PostgreSQL database. */
  drop(): Promise<void>
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** An empty database on the given engine. */
export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const config = { dataDir: 'memory://' }
    return { engine, config, open: () => createDatabase(config), drop: async () => {} }
  }
  const name = `portico_test_${randomBytes(6).toString('hex')}`
  await adminQuery(`create database ${name}`)
  const url = new URL(inject('postgresUrl'))
  url.pathname = `/${name}`
  const config = { dataDir: 'memory://', databaseUrl: url.toString() }
  return {
    engine,
    config,
    open: () => createDatabase(config),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  }
}

/** An empty database with every migration applied, and its connection. */
export async function createMigratedDatabase(
  engine: Engine,
): Promise<{ database: TestDatabase; db: Kysely<Database> }> {
  const database = await createTestDatabase(engine)
  const db = database.open()
  await migrateToLatest(db)
  return { database, db }
}
