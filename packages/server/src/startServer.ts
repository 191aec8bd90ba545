import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { Kysely } from 'kysely'
import { createIndexer } from './activity/createIndexer.js'
import { readMasterKey } from './auth/masterKey.js'
import { getPublicUrl } from './auth/publicUrl.js'
import type { ServerConfig } from './config.js'
import { createDatabase } from './db/createDatabase.js'
import { migrateToLatest } from './db/migrate.js'
import type { Database } from './db/schema.js'
import type { AppEnv } from './http/appEnv.js'
import { createApp } from './http/createApp.js'
import { createLogger, type Logger } from './logger.js'
import type { SwapProvider } from './swap/swapProvider.js'

export interface StartServerOptions {
  /** JSON lines on stdout at the config's level when omitted. */
  logger?: Logger
  /** An open database to use instead of the config's; the server then leaves closing it to the caller. */
  db?: Kysely<Database>
  /** Swap providers besides the on-chain one (an aggregator the site has a key for); the best quote wins. */
  swapProviders?: readonly SwapProvider[]
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound (useful with port 0). */
  url: string
  port: number
  /** The server's database, e.g. for `addProject`. */
  db: Kysely<Database>
  /**
   * Stops accepting connections, lets in-flight requests finish (up to `shutdownTimeoutMs`, then
   * cuts them), stops the indexer and closes the database. Safe to call twice.
   */
  close(): Promise<void>
}

/**
 * Opens the database, applies migrations, starts the embedded indexer when configured and serves
 * the API. Resolves once the port is bound. A malformed master key stops it before anything opens.
 * @example
 * const server = await startServer(defineConfig({ port: 0, dataDir: 'memory://' }))
 * await addProject(server.db, { id: 'demo', origins: ['http://localhost:4173'] })
 */
export async function startServer(
  config: ServerConfig,
  options: StartServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.log.level })
  // Checked before the database opens, so a bad key fails the start at once with its own message.
  const masterKey = readMasterKey(config.auth.masterKey, process.env)
  const loginOn = masterKey !== undefined
  masterKey?.fill(0)

  const ownsDb = !options.db
  const db = options.db ?? createDatabase(config, { logger })
  try {
    await migrateToLatest(db, logger)
  } catch (error) {
    if (ownsDb) await db.destroy().catch(() => {})
    throw error
  }

  let draining = false
  // The app is built once the port is bound: with port 0 the default public URL (the frame's origin
  // and the approval links) must name the port the system picked, not 0.
  let app: Hono<AppEnv> | undefined
  let indexer: ReturnType<typeof createIndexer> | undefined
  const server = serve({
    fetch: (request, env) =>
      app ? app.fetch(request, env) : new Response('The server is starting.', { status: 503 }),
    hostname: config.host,
    port: config.port,
  })
  let port: number
  try {
    await new Promise<void>((resolve, reject) => {
      if (server.listening) return resolve()
      server.once('listening', resolve)
      server.once('error', reject)
    })
    port = (server.address() as AddressInfo).port
    const appConfig = config.publicUrl === undefined && config.port === 0 ? { ...config, port } : config
    app = createApp({
      config: appConfig,
      db,
      logger,
      isDraining: () => draining,
      indexerHeads: () => indexer?.heads() ?? new Map(),
      ...(options.swapProviders ? { swapProviders: options.swapProviders } : {}),
    })
    if (loginOn && config.publicUrl === undefined) {
      const publicUrl = getPublicUrl(appConfig)
      logger.warn(
        `publicUrl is not set: the embedded wallet's frame and the device approval links use ${publicUrl}. Set publicUrl in the server config when the server is behind a proxy or TLS terminator.`,
        { publicUrl },
      )
    }
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    if (ownsDb) await db.destroy().catch(() => {})
    throw error
  }
  indexer =
    config.indexer === 'embedded'
      ? createIndexer({ db, chains: config.chains, logger: logger.child({ component: 'indexer' }) })
      : undefined
  const urlHost = config.host.includes(':') ? `[${config.host}]` : config.host
  const url = `http://${urlHost === '0.0.0.0' || urlHost === '[::]' ? '127.0.0.1' : urlHost}:${port}`
  indexer?.start()
  logger.info('server listening', {
    url,
    indexer: config.indexer,
    database: config.databaseUrl ? 'postgres' : 'pglite',
  })

  let closing: Promise<void> | undefined
  const close = () => {
    closing ??= (async () => {
      draining = true
      const httpServer = server as import('node:http').Server
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()))
      // Keep-alive connections with nothing in flight would hold close() open until they time out;
      // one that finishes its last request while we wait becomes idle and is closed on the next sweep.
      httpServer.closeIdleConnections()
      const sweep = setInterval(() => httpServer.closeIdleConnections(), 50)
      let timer: NodeJS.Timeout | undefined
      const cut = new Promise<void>((resolve) => {
        timer = setTimeout(() => {
          logger.warn('in-flight requests cut at shutdown', { afterMs: config.shutdownTimeoutMs })
          httpServer.closeAllConnections()
          resolve()
        }, config.shutdownTimeoutMs)
      })
      await Promise.race([closed, cut])
      clearTimeout(timer)
      clearInterval(sweep)
      try {
        await indexer?.stop()
      } finally {
        if (ownsDb) await db.destroy()
      }
      logger.info('server stopped')
    })()
    return closing
  }

  return { url, port, db, close }
}
