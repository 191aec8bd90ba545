import { BaseError } from '@portico/core/errors'
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely'
import type { Logger } from '../logger.js'
import { DataDirLockedError } from './dataDirLock.js'
import * as core from './migrations/001_core.js'
import * as activity from './migrations/002_activity.js'
import * as siwx from './migrations/003_siwx.js'
import * as auth from './migrations/004_auth.js'
import * as authMails from './migrations/005_auth_mails.js'
import * as mailSenders from './migrations/006_mail_senders.js'
import * as emailNormalised from './migrations/007_email_normalised.js'
import * as rateLimits from './migrations/008_rate_limits.js'
import * as nfts from './migrations/009_nfts.js'
import * as onramp from './migrations/010_onramp.js'
import * as accountNames from './migrations/011_account_names.js'
import * as paymaster from './migrations/012_paymaster.js'
import * as preferredAccount from './migrations/013_preferred_account.js'
import * as social from './migrations/014_social.js'
import * as farcaster from './migrations/015_farcaster.js'
import * as socialProof from './migrations/016_social_proof.js'
import type { Database } from './schema.js'

/** Every migration, in order. Listed here rather than read from a folder, so a bundle carries them. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '001_core': core,
  '002_activity': activity,
  '003_siwx': siwx,
  '004_auth': auth,
  '005_auth_mails': authMails,
  '006_mail_senders': mailSenders,
  '007_email_normalised': emailNormalised,
  '008_rate_limits': rateLimits,
  '009_nfts': nfts,
  '010_onramp': onramp,
  '011_account_names': accountNames,
  '012_paymaster': paymaster,
  '013_preferred_account': preferredAccount,
  '014_social': social,
  '015_farcaster': farcaster,
  '016_social_proof': socialProof,
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) }

/** A migration failed; the database is left at the last migration that succeeded. */
export class MigrationError extends BaseError {
  override name = 'MigrationError' as const
}
export type MigrationErrorType = MigrationError & { name: 'MigrationError' }

/**
 * Brings the database to the latest schema and returns the names of the migrations it applied.
 * Safe to run from several processes at once: Kysely's migration lock lets one of them migrate and
 * the others then find nothing left to do.
 * @example
 * await migrateToLatest(db)
 */
export async function migrateToLatest(db: Kysely<Database>, logger?: Logger): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results = [] } = await migrator.migrateToLatest()
  const applied: string[] = []
  for (const result of results) {
    if (result.status === 'Success') {
      applied.push(result.migrationName)
      logger?.info('migration applied', { migration: result.migrationName })
    } else if (result.status === 'Error') {
      logger?.error('migration failed', { migration: result.migrationName })
    }
  }
  if (error) {
    // Says what to do on its own; wrapping it would only bury that.
    if (error instanceof DataDirLockedError) throw error
    const message = error instanceof Error ? error.message : String(error)
    throw new MigrationError(`Migrating the database failed: ${message}`, { cause: error })
  }
  return applied
}

/** Whether the database answers and has every migration applied (the server's readiness). */
export async function isMigrated(db: Kysely<Database>): Promise<boolean> {
  try {
    const migrations = await new Migrator({ db, provider }).getMigrations()
    return migrations.every((migration) => migration.executedAt !== undefined)
  } catch {
    return false
  }
}
