import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { ServerConfig } from '../config.js'
import type { Logger } from '../logger.js'
import { PGliteDialect } from './pgliteDialect.js'
import type { Database } from './schema.js'

/** How a database's connections are used, for `/metrics`. */
export interface DatabasePoolStats {
  /** Connections open (PGlite: its one). */
  total: number
  /** Open and not in use. */
  idle: number
  /** Queries waiting for a connection. */
  waiting: number
}

const poolStats = new WeakMap<Kysely<Database>, () => DatabasePoolStats>()

/** The pool's use of a database made by `createDatabase`; undefined for one opened elsewhere. */
export function databasePoolStats(db: Kysely<Database>): DatabasePoolStats | undefined {
  return poolStats.get(db)?.()
}

export interface CreateDatabaseOptions {
  /** Receives errors of idle PostgreSQL connections, which would otherwise end the process. */
  logger?: Logger
  /** Most connections one process opens to PostgreSQL. Defaults to 10. */
  maxConnections?: number
}

/**
 * The server's database: PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir`
 * (`memory://` for nothing on disk). Opens lazily, on the first query; `db.destroy()` closes it.
 * @example
 * const db = createDatabase({ dataDir: 'memory://' })
 * await migrateToLatest(db)
 */
export function createDatabase(
  config: Pick<ServerConfig, 'dataDir'> & { databaseUrl?: string | undefined },
  options: CreateDatabaseOptions = {},
): Kysely<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.maxConnections ?? 10,
      // A database that cannot be reached fails the request instead of holding it forever.
      connectionTimeoutMillis: 10_000,
    })
    pool.on('error', (error) => options.logger?.error('database connection failed', { err: error }))
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
    poolStats.set(db, () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }))
    return db
  }
  const dialect = new PGliteDialect({ dataDir: config.dataDir })
  const db = new Kysely<Database>({ dialect })
  poolStats.set(db, () => {
    const { busy, waiting } = dialect.connectionStats
    return { total: 1, idle: 1 - busy, waiting }
  })
  return db
}
