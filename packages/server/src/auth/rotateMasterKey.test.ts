import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../db/schema.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'
import { issueCode } from './codes.js'
import { deriveAuthKeys } from './masterKey.js'
import { rotateMasterKey } from './rotateMasterKey.js'
import { SeedDecryptionError } from './seedVault.js'
import { findOrCreateUser, requestDeviceApproval } from './users.js'
import { readWalletSeed, storeWalletSeed } from './wallets.js'

const NOW = Date.parse('2031-01-01T00:00:00.000Z')

describe.each(ENGINES)('rotating the master key on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  const oldKey = randomBytes(32)
  const newKey = randomBytes(32)
  const seeds = new Map<string, Buffer>()

  beforeEach(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    const { wrapKey, codeKey } = deriveAuthKeys(oldKey)
    for (const email of ['a@mail.example', 'b@mail.example']) {
      const { user } = await findOrCreateUser(db, email, NOW)
      const seed = randomBytes(32)
      seeds.set(user.id, seed)
      await storeWalletSeed(db, wrapKey, { userId: user.id, seed, now: NOW })
      await issueCode(db, codeKey, {
        purpose: 'login',
        email,
        projectId: 'shop',
        deviceId: 'd',
        now: NOW,
        ttlMs: 60_000,
      })
      await requestDeviceApproval(db, codeKey, {
        userId: user.id,
        deviceId: 'new-device',
        projectId: 'shop',
        now: NOW,
        ttlMs: 60_000,
      })
    }
  })
  afterEach(async () => {
    seeds.clear()
    await db.destroy()
    await database.drop()
  })

  it('re-wraps every wallet so the new key opens it and the old one no longer does', async () => {
    const result = await rotateMasterKey(db, { oldKey, newKey })
    expect(result).toEqual({ wallets: 2, pendingCodes: 2, pendingApprovals: 2 })
    for (const [userId, seed] of seeds) {
      expect(await readWalletSeed(db, deriveAuthKeys(newKey).wrapKey, userId)).toEqual(seed)
      await expect(readWalletSeed(db, deriveAuthKeys(oldKey).wrapKey, userId)).rejects.toBeInstanceOf(
        SeedDecryptionError,
      )
    }
    // Codes and approval links hashed with the old key are gone rather than left unusable.
    expect(await db.selectFrom('auth_codes').select('id').execute()).toEqual([])
    const pending = await db.selectFrom('auth_devices').select('approval_token_hash').execute()
    expect(pending.every((row) => row.approval_token_hash === null)).toBe(true)
  })

  it('changes nothing when the current key is not the one the wallets were stored with', async () => {
    const before = await db.selectFrom('auth_wallets').selectAll().orderBy('user_id').execute()
    await expect(rotateMasterKey(db, { oldKey: randomBytes(32), newKey })).rejects.toBeInstanceOf(
      SeedDecryptionError,
    )
    expect(await db.selectFrom('auth_wallets').selectAll().orderBy('user_id').execute()).toEqual(before)
    expect(await db.selectFrom('auth_codes').select('id').execute()).toHaveLength(2)
    for (const [userId, seed] of seeds) {
      expect(await readWalletSeed(db, deriveAuthKeys(oldKey).wrapKey, userId)).toEqual(seed)
    }
  })
})
