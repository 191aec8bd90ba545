/**
 * A Kysely dialect over PGlite (Postgres compiled to WebAssembly). PGlite runs in a worker thread of
 * its own: a query executes there, so the server's event loop keeps answering `/health`, static
 * files and cached reads while a long write runs. PGlite has exactly one connection, so the driver
 * hands it out to one user at a time: a transaction holds it from `begin` to `commit`/`rollback`,
 * and every other query waits its turn instead of landing inside someone else's transaction. SQL,
 * adapter and introspection are Kysely's PostgreSQL ones, so the same queries and migrations run
 * here and on a PostgreSQL server.
 */
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { BaseError } from '@portico/core/errors'
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
  /**
   * For a `memory://` database: a tarball of a data directory (PGlite's `dumpDataDir('none')`) to
   * start from instead of running initdb, which is most of an in-memory database's start. Ignored
   * for a directory on disk.
   */
  initialDataDir?: string
}

/** The PGlite worker thread stopped (it crashed, or the database was closed) with queries unanswered. */
export class PGliteWorkerError extends BaseError {
  override name = 'PGliteWorkerError' as const
}
export type PGliteWorkerErrorType = PGliteWorkerError & { name: 'PGliteWorkerError' }

/**
 * The worker's code. Plain JavaScript run with `eval`, so the same text works from the TypeScript
 * sources (tests) and from the build, on every Node the package supports; it imports PGlite from
 * the URL the main thread resolved. Values come back as `pg` returns them from a PostgreSQL server
 * (int8 and numeric as strings, so nothing loses precision), which keeps code and tests identical on
 * both databases. An error is sent as its message and its own fields (`code`, `detail`,
 * `constraint`, …), which the main thread puts back on an Error, since a structured clone keeps
 * neither the class nor those fields.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const describe = (error) => {
  const fields = {}
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (value === undefined || value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value
    }
  }
  return {
    name: error && error.name ? String(error.name) : 'Error',
    message: error && error.message ? String(error.message) : String(error),
    fields,
  }
}
;(async () => {
  let pglite
  try {
    const { PGlite, types } = await import(workerData.pgliteUrl)
    const parsers = { [types.INT8]: (value) => value, [types.NUMERIC]: (value) => value }
    const initial = workerData.initialDataDir
      ? { loadDataDir: new Blob([require('node:fs').readFileSync(workerData.initialDataDir)]) }
      : {}
    pglite = await PGlite.create(workerData.dataDir, { parsers, ...workerData.modules, ...initial })
  } catch (error) {
    parentPort.postMessage({ type: 'open-failed', error: describe(error) })
    return
  }
  parentPort.on('message', async (message) => {
    if (message.type === 'close') {
      try {
        if (!pglite.closed) await pglite.close()
        parentPort.postMessage({ id: message.id, result: null })
      } catch (error) {
        parentPort.postMessage({ id: message.id, error: describe(error) })
      }
      parentPort.close()
      return
    }
    try {
      const result = await pglite.query(message.sql, message.parameters)
      parentPort.postMessage({
        id: message.id,
        result: { rows: result.rows, command: result.command, affected: result.rowCount ?? result.affectedRows },
      })
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: describe(error) })
    }
  })
  parentPort.postMessage({ type: 'ready' })
})()
`

interface WorkerResult {
  rows: unknown[]
  command?: string
  affected?: number
}

interface WorkerErrorDescription {
  name: string
  message: string
  fields: Record<string, unknown>
}

type WorkerReply =
  | { type: 'ready' }
  | { type: 'open-failed'; error: WorkerErrorDescription }
  | { id: number; result: WorkerResult | null; error?: undefined }
  | { id: number; error: WorkerErrorDescription; result?: undefined }

/** An Error carrying the fields the database gave (`code` such as `23505`, `detail`, `constraint`, …). */
function rebuildError(description: WorkerErrorDescription): Error {
  const error = new Error(description.message)
  Object.assign(error, description.fields)
  error.name = description.name
  return error
}

/** PGlite's `dist` folder, found here because the worker's evaluated code has no module of its own. */
function pgliteDist(): string {
  // The package's CommonJS entry sits beside its ESM one (`dist/index.cjs`, `dist/index.js`).
  return dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
}

/** The package's lib (ES2022) has no WebAssembly types; the one call used here, typed by hand. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<object> } })
  .WebAssembly

let compiled: Promise<{ pgliteWasmModule: object }> | undefined

/**
 * PGlite's WebAssembly, compiled once per process and shared with every worker (a compiled module
 * crosses threads without being compiled again): each later database opens in a fraction of the
 * time, which counts where a process opens many (the CLI's commands, tests). initdb's module,
 * needed only to create a data directory, is left to PGlite.
 */
function compileModules(): Promise<{ pgliteWasmModule: object }> {
  compiled ??= (async () => ({
    pgliteWasmModule: await wasm.compile(await readFile(join(pgliteDist(), 'pglite.wasm'))),
  }))()
  // A failed compile is tried again by the next open instead of failing every later one.
  compiled.catch(() => {
    compiled = undefined
  })
  return compiled
}

/** The worker thread running PGlite, and the queries it has not answered yet. */
class PGliteWorker {
  readonly #worker: Worker
  readonly #pending = new Map<
    number,
    { resolve: (result: WorkerResult | null) => void; reject: (error: Error) => void }
  >()
  #nextId = 1
  #stopped: Error | undefined

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (reply: WorkerReply) => {
      if (!('id' in reply)) return
      const pending = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      if (!pending) return
      if (reply.error) pending.reject(rebuildError(reply.error))
      else pending.resolve(reply.result ?? null)
    })
    const stop = (reason: string) => {
      this.#stopped ??= new PGliteWorkerError(reason)
      for (const pending of this.#pending.values()) pending.reject(this.#stopped)
      this.#pending.clear()
    }
    worker.on('error', (error) => stop(`The PGlite worker failed: ${error.message}`))
    worker.on('exit', (code) => stop(`The PGlite worker stopped (exit code ${code}).`))
  }

  /** Starts a worker and resolves once PGlite has opened `dataDir` in it. */
  static async open(dataDir: string, initialDataDir?: string): Promise<PGliteWorker> {
    const modules = await compileModules()
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        dataDir,
        initialDataDir,
        pgliteUrl: pathToFileURL(join(pgliteDist(), 'index.js')).href,
        modules,
      },
    })
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        if (!('type' in reply)) return
        cleanup()
        if (reply.type === 'ready') resolve(new PGliteWorker(worker))
        else {
          void worker.terminate()
          reject(rebuildError(reply.error))
        }
      }
      const onError = (error: Error) => {
        cleanup()
        void worker.terminate()
        reject(new PGliteWorkerError(`The PGlite worker failed to start: ${error.message}`))
      }
      const onExit = (code: number) => {
        cleanup()
        reject(new PGliteWorkerError(`The PGlite worker stopped while opening (exit code ${code}).`))
      }
      const cleanup = () => {
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
    })
  }

  #send(message: Record<string, unknown>): Promise<WorkerResult | null> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      this.#worker.postMessage({ ...message, id })
    })
  }

  async query(sql: string, parameters: readonly unknown[]): Promise<WorkerResult> {
    const result = await this.#send({ type: 'query', sql, parameters: [...parameters] })
    return result ?? { rows: [] }
  }

  /** Closes PGlite (it writes out the data directory) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return
    try {
      await this.#send({ type: 'close' })
    } finally {
      this.#stopped ??= new PGliteWorkerError('The PGlite database is closed.')
      await this.#worker.terminate()
    }
  }
}

/** Hands out the single connection to one holder at a time, in the order it was asked for. */
class ConnectionQueue {
  #tail: Promise<void> = Promise.resolve()
  /** Asked for and not yet released, the holder included. */
  #pending = 0

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    this.#pending++
    let release!: () => void
    const released = new Promise<void>((resolve) => {
      release = () => {
        this.#pending--
        resolve()
      }
    })
    const turn = this.#tail.then(() => release)
    this.#tail = this.#tail.then(() => released)
    return turn
  }

  /** The connection's holders: one using it (or none) and those waiting. */
  get stats(): { busy: number; waiting: number } {
    return { busy: Math.min(this.#pending, 1), waiting: Math.max(0, this.#pending - 1) }
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #worker: PGliteWorker

  constructor(worker: PGliteWorker) {
    this.#worker = worker
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#worker.query(compiledQuery.sql, compiledQuery.parameters)
    const command = result.command?.toUpperCase()
    const changes =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
    return {
      rows: result.rows as R[],
      ...(changes ? { numAffectedRows: BigInt(result.affected ?? 0) } : {}),
    }
  }

  // biome-ignore lint/correctness/useYield: PGlite returns whole results; streaming is refused up front.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite; run the query without .stream().')
  }
}

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig
  readonly queue = new ConnectionQueue()
  #worker: PGliteWorker | undefined
  #connection: PGliteConnection | undefined
  #lock: DataDirLock | undefined
  readonly #releases = new WeakMap<DatabaseConnection, () => void>()

  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }

  async init(): Promise<void> {
    const { dataDir, initialDataDir } = this.#config
    const inMemory = dataDir.startsWith('memory://')
    if (!inMemory) {
      mkdirSync(dataDir, { recursive: true })
      this.#lock = acquireDataDirLock(dataDir)
    }
    try {
      this.#worker = await PGliteWorker.open(dataDir, inMemory ? initialDataDir : undefined)
    } catch (error) {
      this.#lock?.release()
      this.#lock = undefined
      throw error
    }
    this.#connection = new PGliteConnection(this.#worker)
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.queue.acquire()
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
    const worker = this.#worker
    this.#worker = undefined
    this.#connection = undefined
    try {
      await worker?.close()
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
  #driver: PGliteDriver | undefined

  constructor(config: PGliteDialectConfig) {
    this.#config = config
  }

  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.#config)
    return this.#driver
  }

  /** The single connection's use: 1 busy or 0, and the queries waiting for it (metrics). */
  get connectionStats(): { busy: number; waiting: number } {
    return this.#driver?.queue.stats ?? { busy: 0, waiting: 0 }
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
