/**
 * Rotating the master key: every wallet's data key is unwrapped with the current key and wrapped
 * with the new one, in one transaction, so the database is either all on the old key or all on the
 * new one. The seeds' own ciphertexts do not change. Mailed codes and pending device-approval links
 * are hashed with a key derived from the master key, so those not used yet stop working and are
 * removed; people ask for a new code. Run with every server instance stopped: an instance still on
 * the old key could not open the wallets once the rotation is committed.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { deriveAuthKeys } from './masterKey.js'
import { rewrapSeed } from './seedVault.js'
import { NO_PENDING_APPROVAL } from './users.js'

export interface RotateMasterKeyResult {
  /** Wallets re-wrapped under the new key. */
  wallets: number
  /** Unused codes and pending approval links removed. */
  pendingCodes: number
  pendingApprovals: number
}

/**
 * Re-wraps every stored wallet from `oldKey` to `newKey` (32-byte master keys); throws
 * `SeedDecryptionError`, changing nothing, when a wallet does not open with `oldKey`.
 * @example
 * await rotateMasterKey(db, { oldKey: parseMasterKey(current), newKey: parseMasterKey(next) })
 */
export async function rotateMasterKey(
  db: Kysely<Database>,
  { oldKey, newKey }: { oldKey: Buffer; newKey: Buffer },
): Promise<RotateMasterKeyResult> {
  const oldKeys = deriveAuthKeys(oldKey)
  const newKeys = deriveAuthKeys(newKey)
  try {
    return await db.transaction().execute(async (trx) => {
      // Locked, so a wallet stored meanwhile (by an instance left running) waits and is not missed.
      const rows = await trx.selectFrom('auth_wallets').selectAll().forUpdate().execute()
      for (const row of rows) {
        const sealed = rewrapSeed(oldKeys.wrapKey, newKeys.wrapKey, row.user_id, {
          keyIv: row.key_iv,
          keyTag: row.key_tag,
          wrappedKey: row.wrapped_key,
          seedIv: row.seed_iv,
          seedTag: row.seed_tag,
          seedCiphertext: row.seed_ciphertext,
        })
        await trx
          .updateTable('auth_wallets')
          .set({ key_iv: sealed.keyIv, key_tag: sealed.keyTag, wrapped_key: sealed.wrappedKey })
          .where('user_id', '=', row.user_id)
          .execute()
      }
      const codes = await trx.deleteFrom('auth_codes').where('used_at', 'is', null).executeTakeFirst()
      const approvals = await trx
        .updateTable('auth_devices')
        .set(NO_PENDING_APPROVAL)
        .where('approval_token_hash', 'is not', null)
        .where('approved_at', 'is', null)
        .executeTakeFirst()
      return {
        wallets: rows.length,
        pendingCodes: Number(codes.numDeletedRows),
        pendingApprovals: Number(approvals.numUpdatedRows),
      }
    })
  } finally {
    for (const keys of [oldKeys, newKeys]) {
      keys.codeKey.fill(0)
      keys.wrapKey.fill(0)
    }
  }
}
