/**
 * `portico-server`: start the server, migrate, run the indexer alone, manage projects, read
 * analytics. Runs in-process (tests call it with their own streams and environment); returns the
 * exit code instead of exiting.
 */
import { parseArgs } from 'node:util'
import { BaseError } from '@portico/core/errors'
import type { Kysely } from 'kysely'
import { createIndexer } from '../activity/createIndexer.js'
import { countEvents, listEvents } from '../analytics/queryEvents.js'
import { InvalidMasterKeyError, parseMasterKey, readMasterKey } from '../auth/masterKey.js'
import { rotateMasterKey } from '../auth/rotateMasterKey.js'
import type { ServerConfig } from '../config.js'
import { createDatabase } from '../db/createDatabase.js'
import { migrateToLatest } from '../db/migrate.js'
import type { Database } from '../db/schema.js'
import { loadConfig } from '../loadConfig.js'
import { createLogger, type Logger } from '../logger.js'
import {
  addProject,
  listProjects,
  type Project,
  removeProject,
  setProjectOrigins,
} from '../projects/projects.js'
import { startServer } from '../startServer.js'

export interface CliIo {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  env: Record<string, string | undefined>
  /** Resolves when the process is asked to stop; SIGTERM or SIGINT when omitted. */
  waitForStop?: () => Promise<string>
}

export const USAGE = `Usage: portico-server [command] [--config file]

Commands:
  start                      serve the API (the default)
  migrate                    apply database migrations and exit
  indexer                    run the activity indexer alone (serve with "indexer": "off")
  rotate-master-key          re-wrap the stored wallets from the current master key to
                             PORTICO_NEW_MASTER_KEY (every server stopped)
  project add <id> --origin <origin> [--origin …] [--name <name>]
  project list [--json]
  project remove <id>
  project origins <id> --origin <origin> [--origin …]   replace the allowed origins
  analytics [--project <id>] [--event <NAME>] [--since <ISO date>] [--limit <n>] [--json]

Options:
  --config <file>            JSON config file (or env PORTICO_CONFIG)
  -h, --help                 show this help

Environment: HOST, PORT, DATABASE_URL, PORTICO_DATA_DIR, PORTICO_LOG_LEVEL, PORTICO_METRICS_TOKEN,
PORTICO_CONFIG.
An origin is scheme://host[:port] without a path, e.g. https://example.com; "*" allows any site.
`

/** A mistake on the command line; reported with the usage hint. */
class UsageError extends BaseError {
  override name = 'UsageError' as const
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const onSignal = (signal: string) => {
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
      resolve(signal)
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
  })
}

async function withDatabase<T>(
  config: ServerConfig,
  logger: Logger,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = createDatabase(config, { logger })
  try {
    await migrateToLatest(db)
    return await work(db)
  } finally {
    await db.destroy()
  }
}

function describeProject(project: Project): string {
  return `${project.id}\t${project.name}\t${project.allowedOrigins.join(' ')}`
}

function warnAboutWildcard(origins: readonly string[], io: CliIo): void {
  if (origins.includes('*')) {
    io.stderr.write(
      'warning: "*" lets pages of any site use this project; list your sites\' origins instead when you can.\n',
    )
  }
}

async function runProject(args: string[], config: ServerConfig, logger: Logger, io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      origin: { type: 'string', multiple: true },
      name: { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
    },
  })
  const [action, id, ...extra] = positionals
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}`)
  const origins = values.origin ?? []
  const needId = () => {
    if (!id) throw new UsageError(`project ${action} needs a project id.`)
    return id
  }
  switch (action) {
    case 'add': {
      const projectId = needId()
      if (origins.length === 0) throw new UsageError('project add needs at least one --origin <origin>.')
      warnAboutWildcard(origins, io)
      const project = await withDatabase(config, logger, (db) =>
        addProject(db, { id: projectId, origins, name: values.name }),
      )
      io.stdout.write(`Added project ${describeProject(project)}\n`)
      return 0
    }
    case 'list': {
      const projects = await withDatabase(config, logger, listProjects)
      if (values.json) {
        io.stdout.write(`${JSON.stringify(projects, null, 2)}\n`)
      } else if (projects.length === 0) {
        io.stdout.write('No projects yet. Add one with: portico-server project add <id> --origin <origin>\n')
      } else {
        io.stdout.write(`id\tname\torigins\n${projects.map(describeProject).join('\n')}\n`)
      }
      return 0
    }
    case 'remove': {
      const projectId = needId()
      await withDatabase(config, logger, (db) => removeProject(db, projectId))
      io.stdout.write(`Removed project ${projectId}\n`)
      return 0
    }
    case 'origins': {
      const projectId = needId()
      if (origins.length === 0)
        throw new UsageError('project origins needs the full new list: --origin <origin> [--origin …].')
      warnAboutWildcard(origins, io)
      const project = await withDatabase(config, logger, (db) => setProjectOrigins(db, projectId, origins))
      io.stdout.write(`Updated project ${describeProject(project)}\n`)
      return 0
    }
    default:
      throw new UsageError(
        action
          ? `Unknown project command "${action}".`
          : 'project needs a command: add, list, remove or origins.',
      )
  }
}

async function runAnalytics(
  args: string[],
  config: ServerConfig,
  logger: Logger,
  io: CliIo,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      event: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      config: { type: 'string' },
    },
  })
  if (positionals.length > 0) throw new UsageError(`Unexpected arguments: ${positionals.join(' ')}`)
  let since: Date | undefined
  if (values.since !== undefined) {
    since = new Date(values.since)
    if (Number.isNaN(since.getTime()))
      throw new UsageError(
        `--since "${values.since}" is not a date; use ISO 8601, e.g. 2026-01-31T00:00:00Z.`,
      )
  }
  let limit: number | undefined
  if (values.limit !== undefined) {
    limit = Number(values.limit)
    if (!Number.isInteger(limit) || limit < 1)
      throw new UsageError(`--limit "${values.limit}" must be a whole number of at least 1.`)
  }
  const filters = { projectId: values.project, event: values.event, since, limit }
  if (values.json) {
    const rows = await withDatabase(config, logger, (db) => listEvents(db, filters))
    io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`)
    return 0
  }
  const counts = await withDatabase(config, logger, (db) => countEvents(db, filters))
  if (counts.length === 0) {
    io.stdout.write('No analytics events match.\n')
  } else {
    io.stdout.write(
      `count\tproject\tevent\n${counts.map((row) => `${row.count}\t${row.projectId}\t${row.event}`).join('\n')}\n`,
    )
  }
  return 0
}

/**
 * Re-wraps the stored wallets from the configured master key to PORTICO_NEW_MASTER_KEY. The new key
 * comes from the environment only: on the command line it would stay in the shell's history and
 * be visible to every user in the process list.
 */
async function runRotateMasterKey(config: ServerConfig, logger: Logger, io: CliIo): Promise<number> {
  const oldKey = readMasterKey(config.auth.masterKey, io.env)
  if (!oldKey) {
    throw new UsageError(
      'rotate-master-key needs the current master key (auth.masterKey or PORTICO_MASTER_KEY), which the wallets are stored with.',
    )
  }
  const newText = io.env.PORTICO_NEW_MASTER_KEY
  if (!newText) {
    throw new UsageError(
      'rotate-master-key reads the new key from PORTICO_NEW_MASTER_KEY (32 random bytes: openssl rand -hex 32).',
    )
  }
  let newKey: Buffer
  try {
    newKey = parseMasterKey(newText)
  } catch (error) {
    if (!(error instanceof InvalidMasterKeyError)) throw error
    throw new UsageError(`PORTICO_NEW_MASTER_KEY is not valid. ${error.message}`)
  }
  try {
    if (newKey.equals(oldKey)) throw new UsageError('PORTICO_NEW_MASTER_KEY is the current master key.')
    const result = await withDatabase(config, logger, (db) => rotateMasterKey(db, { oldKey, newKey }))
    io.stdout.write(
      `Re-wrapped ${result.wallets} wallets under the new master key; removed ${result.pendingCodes} unused codes and ${result.pendingApprovals} pending device approval links (people ask again).\n` +
        'Start every server with the new key (auth.masterKey or PORTICO_MASTER_KEY) and keep the old one until a backup taken after this exists.\n',
    )
    return 0
  } finally {
    oldKey.fill(0)
    newKey.fill(0)
  }
}

async function runUntilStopped(io: CliIo, logger: Logger, stop: () => Promise<void>): Promise<number> {
  const signal = await (io.waitForStop ?? waitForSignal)()
  logger.info('stopping', { signal })
  await stop()
  return 0
}

/**
 * Runs one `portico-server` command line and returns its exit code (0 ok, 1 failed).
 * @example
 * const code = await runCli(['project', 'list'], { stdout: process.stdout, stderr: process.stderr, env: process.env })
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const args = [...argv]
  try {
    if (args.includes('--help') || args.includes('-h') || args[0] === 'help') {
      io.stdout.write(USAGE)
      return 0
    }
    const configIndex = args.indexOf('--config')
    let file: string | undefined
    if (configIndex !== -1) {
      file = args[configIndex + 1]
      if (!file || file.startsWith('--')) throw new UsageError('--config needs a file path.')
      args.splice(configIndex, 2)
    }
    const config = loadConfig({ file, env: io.env })
    const logger = createLogger({ level: config.log.level, stream: io.stdout })
    const command = args[0] && !args[0].startsWith('-') ? args.shift() : 'start'
    switch (command) {
      case 'start': {
        if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(' ')}`)
        const server = await startServer(config, { logger })
        return await runUntilStopped(io, logger, server.close)
      }
      case 'migrate': {
        if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(' ')}`)
        const db = createDatabase(config, { logger })
        try {
          const applied = await migrateToLatest(db, logger)
          io.stderr.write(
            applied.length ? `Applied ${applied.join(', ')}\n` : 'The database is up to date.\n',
          )
        } finally {
          await db.destroy()
        }
        return 0
      }
      case 'indexer': {
        if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(' ')}`)
        const db = createDatabase(config, { logger })
        try {
          await migrateToLatest(db, logger)
          const indexer = createIndexer({
            db,
            chains: config.chains,
            logger: logger.child({ component: 'indexer' }),
          })
          indexer.start()
          logger.info('indexer running', { chains: config.chains.map((chain) => chain.caipNetworkId) })
          return await runUntilStopped(io, logger, () => indexer.stop())
        } finally {
          await db.destroy()
        }
      }
      case 'rotate-master-key': {
        if (args.length > 0) throw new UsageError(`Unexpected arguments: ${args.join(' ')}`)
        return await runRotateMasterKey(config, logger, io)
      }
      case 'project':
        return await runProject(args, config, logger, io)
      case 'analytics':
        return await runAnalytics(args, config, logger, io)
      default:
        throw new UsageError(`Unknown command "${command}".`)
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`error: ${error.message}\nRun portico-server --help for the commands.\n`)
    } else if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`error: ${(error as Error).message}\nRun portico-server --help for the commands.\n`)
    } else {
      io.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
    }
    return 1
  }
}
