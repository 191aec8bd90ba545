/**
 * A Kysely dialect over PGlite (Postgres compiled to WebAssembly, in-process). PGlite has exactly
 * one connection, so the driver hands it out to one user at a time: a transaction holds it from
 * `begin` to `commit`/`rollback`, and every other query waits its turn instead of landing inside
 * someone else's transaction. SQL, adapter and introspection are Kysely's PostgreSQL ones, so the
 * same queries and migrations run here and on a PostgreSQL server.
 */
import { mkdirSync } from 'node:fs'
import { PGlite, types } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { acquireDataDirLock, type DataDirLock } from './dataDirLock.js'

export interface PGliteDialectConfig {
  /** A directory, or `memory://` for a database that lives only as long as the process. */
  dataDir: string
}

/**
 * Values come back as `pg` returns them from a PostgreSQL server (int8 and numeric as strings, so
 * nothing loses precision), which keeps code and tests identical on both databases.
 */
const PARSERS = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
}

/** Hands out the single connection to one holder at a time, in the order it was asked for. */
class ConnectionQueue {
  #tail: Promise<void> = Promise.resolve()

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    const turn = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => released)
    return turn
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite

  constructor(pglite: PGlite) {
    this.#pglite = pglite
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters])
    const command = result.command?.toUpperCase()
    const changes =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
    return {
      rows: result.rows,
      ...(changes ? { numAffectedRows: BigInt(result.rowCount ?? result.affectedRows ?? 0) } : {}),
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite returns whole results; streaming is refused up front.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite; run the query without .stream().')
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig
  readonly #queue = new ConnectionQueue()
  #pglite: PGlite | undefined
  #connection: PGliteConnection | undefined
  #lock: DataDirLock | undefined
  readonly #releases = new WeakMap<DatabaseConnection, () => void>()

  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }

  async init(): Promise<void> {
    const { dataDir } = this.#config
    if (!dataDir.startsWith('memory://')) {
      mkdirSync(dataDir, { recursive: true })
      this.#lock = acquireDataDirLock(dataDir)
    }
    try {
      this.#pglite = await PGlite.create(dataDir, { parsers: PARSERS })
    } catch (error) {
      this.#lock?.release()
      throw error
    }
    this.#connection = new PGliteConnection(this.#pglite)
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire()
    const connection = this.#connection
    if (!connection) {
      release()
      throw new Error('The PGlite database is not open.')
    }
    this.#releases.set(connection, release)
    return connection
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection)
    this.#releases.delete(connection)
    release?.()
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (settings.isolationLevel || settings.accessMode) {
      const modes = [
        settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
        settings.accessMode ?? '',
      ]
      await connection.executeQuery(CompiledQuery.raw(`start transaction ${modes.filter(Boolean).join(' ')}`))
    } else {
      await connection.executeQuery(CompiledQuery.raw('begin'))
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(name)}`))
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(name)}`))
  }

  async destroy(): Promise<void> {
    const pglite = this.#pglite
    this.#pglite = undefined
    this.#connection = undefined
    try {
      if (pglite && !pglite.closed) await pglite.close()
    } finally {
      this.#lock?.release()
      this.#lock = undefined
    }
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * Kysely on PGlite.
 * @example
 * const db = new Kysely<Database>({ dialect: new PGliteDialect({ dataDir: 'memory://' }) })
 */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig

  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config)
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes Kysely<any>.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
