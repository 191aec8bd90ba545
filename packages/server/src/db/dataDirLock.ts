/**
 * PGlite runs inside one process: a second process opening the same data directory would corrupt
 * it. A pid file in the directory stops a second server, or a CLI command run beside a running
 * server, with a message that says what to do instead.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { BaseError } from '@portico/core/errors'

/** The data directory is in use by another live process. */
export class DataDirLockedError extends BaseError {
  override name = 'DataDirLockedError' as const
}
export type DataDirLockedErrorType = DataDirLockedError & { name: 'DataDirLockedError' }

export interface DataDirLock {
  release(): void
}

const LOCK_FILE = 'portico.pid'

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Takes the data directory for this process, or throws `DataDirLockedError` naming the holder. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      let released = false
      return {
        release() {
          if (released) return
          released = true
          rmSync(path, { force: true })
        },
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by process ${holder} (a running portico-server). ` +
            'PGlite allows one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL) ' +
            'to run several processes on one database.',
        )
      }
      if (holder === process.pid) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already open in this process; share one database instead of opening it twice.`,
        )
      }
      // A stale file from a process that died: take it over.
      rmSync(path, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not take the data directory ${dataDir}.`)
}
