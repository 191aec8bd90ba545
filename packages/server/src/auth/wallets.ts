/**
 * Each user's wallet seed, stored sealed (see `seedVault.ts`): the table holds ciphertexts only.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import { openSeed, sealSeed } from './seedVault.js'

/** Seals and stores the user's seed; false when the user has one already (it is never replaced). */
export async function storeWalletSeed(
  db: Kysely<Database>,
  wrapKey: Buffer,
  { userId, seed, now }: { userId: string; seed: Uint8Array; now: number },
): Promise<boolean> {
  const sealed = sealSeed(wrapKey, userId, seed)
  const row = await db
    .insertInto('auth_wallets')
    .values({
      user_id: userId,
      key_iv: sealed.keyIv,
      key_tag: sealed.keyTag,
      wrapped_key: sealed.wrappedKey,
      seed_iv: sealed.seedIv,
      seed_tag: sealed.seedTag,
      seed_ciphertext: sealed.seedCiphertext,
      created_at: new Date(now),
    })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .returning('user_id')
    .executeTakeFirst()
  return row !== undefined
}

/** The user's decrypted seed, or `undefined` before one was stored; throws `SeedDecryptionError`. */
export async function readWalletSeed(
  db: Kysely<Database>,
  wrapKey: Buffer,
  userId: string,
): Promise<Buffer | undefined> {
  const row = await db.selectFrom('auth_wallets').selectAll().where('user_id', '=', userId).executeTakeFirst()
  if (!row) return undefined
  return openSeed(wrapKey, userId, {
    keyIv: row.key_iv,
    keyTag: row.key_tag,
    wrappedKey: row.wrapped_key,
    seedIv: row.seed_iv,
    seedTag: row.seed_tag,
    seedCiphertext: row.seed_ciphertext,
  })
}
