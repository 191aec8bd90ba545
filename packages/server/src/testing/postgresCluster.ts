/**
 * A throwaway PostgreSQL cluster from Debian's binaries, for the tests: a fresh data directory in a
 * temp folder, a free loopback port, no durability, removed afterwards.
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A free port on 127.0.0.1. Global setup runs outside the test projects' module resolution, where
 * the workspace's `@portico/test` sources do not resolve, so this is asked of the OS directly.
 */
function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was assigned.'))))
    })
  })
}
const POSTGRES_ROOT = '/usr/lib/postgresql'

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string
  stop(): Promise<void>
}

/** The newest installed PostgreSQL's bin folder, or an error saying how to install one. */
function findBinaries(): string {
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(POSTGRES_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  const newest = versions[0]
  if (!newest) {
    throw new Error(
      `The server tests need PostgreSQL's binaries (${POSTGRES_ROOT}/<version>/bin/initdb) and found none. Install them with: apt-get install postgresql`,
    )
  }
  return join(POSTGRES_ROOT, newest, 'bin')
}

/** The uid and gid of the `postgres` system user; initdb refuses to run as root. */
async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ])
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) }
}

/** Starts a cluster and resolves once it accepts connections. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findBinaries()
  const root = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const dataDir = join(root, 'data')
  const logFile = join(root, 'postgres.log')
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { uid, gid } = await postgresUser()
    chownSync(root, uid, gid)
  }
  const command = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 120_000 })
      : run(join(bin, tool), args, { timeout: 120_000 })

  try {
    await command('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-sync',
      '--no-instructions',
    ])
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr ?? String(error)}`)
  }
  const port = await getFreePort()
  const options = [
    `-p ${port}`,
    '-h 127.0.0.1',
    `-k ${root}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ')
  try {
    await command('pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])
  } catch (error) {
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : ''
    rmSync(root, { recursive: true, force: true })
    throw new Error(
      `PostgreSQL did not start: ${(error as { stderr?: string }).stderr ?? String(error)}\n${log}`,
    )
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await command('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '60', 'stop'])
      } finally {
        rmSync(root, { recursive: true, force: true })
      }
    },
  }
}
