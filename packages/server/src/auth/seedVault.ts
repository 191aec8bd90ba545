/**
 * Envelope encryption of wallet seeds: each user's seed is encrypted with a random data key of its
 * own (AES-256-GCM), and that data key is encrypted under the key derived from the master key.
 * Both ciphertexts are bound to the user's id as associated data, so rows moved between users do
 * not decrypt. Plain seeds and data keys exist only in memory, for the duration of one call.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { BaseError } from '@portico/core/errors'

/** What is stored for one seed: base64 texts, none of them secret without the master key. */
export interface SealedSeed {
  keyIv: string
  keyTag: string
  wrappedKey: string
  seedIv: string
  seedTag: string
  seedCiphertext: string
}

/** A stored seed did not decrypt: another master key, or the row was altered. */
export class SeedDecryptionError extends BaseError {
  override name = 'SeedDecryptionError' as const
}
export type SeedDecryptionErrorType = SeedDecryptionError & { name: 'SeedDecryptionError' }

const IV_BYTES = 12

function encrypt(key: Buffer, plain: Buffer, aad: string): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()])
  return { iv, tag: cipher.getAuthTag(), ciphertext }
}

function decrypt(key: Buffer, iv: string, tag: string, ciphertext: string, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()])
}

const keyAad = (userId: string) => `portico/auth/data-key/${userId}`
const seedAad = (userId: string) => `portico/auth/seed/${userId}`

/**
 * Encrypts a 32-byte seed for `userId` under a fresh data key, itself encrypted with `wrapKey`.
 * @example
 * const sealed = sealSeed(keys.wrapKey, userId, seedBytes)
 */
export function sealSeed(wrapKey: Buffer, userId: string, seed: Uint8Array): SealedSeed {
  const dataKey = randomBytes(32)
  try {
    const key = encrypt(wrapKey, dataKey, keyAad(userId))
    const sealed = encrypt(dataKey, Buffer.from(seed), seedAad(userId))
    return {
      keyIv: key.iv.toString('base64'),
      keyTag: key.tag.toString('base64'),
      wrappedKey: key.ciphertext.toString('base64'),
      seedIv: sealed.iv.toString('base64'),
      seedTag: sealed.tag.toString('base64'),
      seedCiphertext: sealed.ciphertext.toString('base64'),
    }
  } finally {
    dataKey.fill(0)
  }
}

/**
 * Decrypts a seed sealed by `sealSeed` for the same user; throws `SeedDecryptionError` when the
 * wrap key is not the one it was sealed with or the stored values were changed.
 */
export function openSeed(wrapKey: Buffer, userId: string, sealed: SealedSeed): Buffer {
  let dataKey: Buffer | undefined
  try {
    dataKey = decrypt(wrapKey, sealed.keyIv, sealed.keyTag, sealed.wrappedKey, keyAad(userId))
    return decrypt(dataKey, sealed.seedIv, sealed.seedTag, sealed.seedCiphertext, seedAad(userId))
  } catch (error) {
    throw new SeedDecryptionError(
      "The stored wallet does not decrypt: the server's master key is not the one it was stored with, or the row was altered.",
      { cause: error },
    )
  } finally {
    dataKey?.fill(0)
  }
}

/**
 * The same seed with its data key wrapped under `newWrapKey` instead of `oldWrapKey`; the seed's
 * own ciphertext is unchanged. Throws `SeedDecryptionError` when `oldWrapKey` does not open it.
 */
export function rewrapSeed(
  oldWrapKey: Buffer,
  newWrapKey: Buffer,
  userId: string,
  sealed: SealedSeed,
): SealedSeed {
  let dataKey: Buffer | undefined
  try {
    try {
      dataKey = decrypt(oldWrapKey, sealed.keyIv, sealed.keyTag, sealed.wrappedKey, keyAad(userId))
    } catch (error) {
      throw new SeedDecryptionError(
        `The wallet of user ${userId} does not open with the current master key: it is not the key the wallets were stored with, or the row was altered.`,
        { cause: error },
      )
    }
    const key = encrypt(newWrapKey, dataKey, keyAad(userId))
    return {
      ...sealed,
      keyIv: key.iv.toString('base64'),
      keyTag: key.tag.toString('base64'),
      wrappedKey: key.ciphertext.toString('base64'),
    }
  } finally {
    dataKey?.fill(0)
  }
}
