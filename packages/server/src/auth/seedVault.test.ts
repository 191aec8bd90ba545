import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deriveAuthKeys, InvalidMasterKeyError, parseMasterKey } from './masterKey.js'
import { openSeed, SeedDecryptionError, sealSeed } from './seedVault.js'

describe('master key', () => {
  it('reads 32 bytes written as hex, 0x-hex, base64 and base64url alike', () => {
    const bytes = randomBytes(32)
    for (const text of [
      bytes.toString('hex'),
      `0x${bytes.toString('hex').toUpperCase()}`,
      bytes.toString('base64'),
      bytes.toString('base64url'),
    ]) {
      expect(parseMasterKey(text).equals(bytes)).toBe(true)
    }
  })

  it('refuses keys of another length or alphabet, saying how to make one', () => {
    for (const text of [
      '',
      'abc',
      randomBytes(16).toString('hex'),
      randomBytes(33).toString('base64'),
      'z'.repeat(64),
    ]) {
      expect(() => parseMasterKey(text)).toThrow(InvalidMasterKeyError)
    }
    expect(() => parseMasterKey('short')).toThrow('openssl rand -hex 32')
  })

  it('derives different keys for codes and wallets, and none equal to the master key', () => {
    const master = randomBytes(32)
    const { codeKey, wrapKey } = deriveAuthKeys(master)
    expect(codeKey.equals(wrapKey)).toBe(false)
    expect(codeKey.equals(master) || wrapKey.equals(master)).toBe(false)
    expect(deriveAuthKeys(master).wrapKey.equals(wrapKey)).toBe(true)
  })
})

describe('sealed seeds', () => {
  const wrapKey = deriveAuthKeys(randomBytes(32)).wrapKey
  const seed = randomBytes(32)

  it('opens what it sealed, with a fresh data key and IVs each time', () => {
    const first = sealSeed(wrapKey, 'user-1', seed)
    const second = sealSeed(wrapKey, 'user-1', seed)
    expect(openSeed(wrapKey, 'user-1', first).equals(seed)).toBe(true)
    expect(second.wrappedKey).not.toBe(first.wrappedKey)
    expect(second.seedCiphertext).not.toBe(first.seedCiphertext)
    expect(JSON.stringify(first)).not.toContain(seed.toString('base64'))
  })

  it('refuses another wrap key, another user and an altered ciphertext', () => {
    const sealed = sealSeed(wrapKey, 'user-1', seed)
    const otherKey = deriveAuthKeys(randomBytes(32)).wrapKey
    expect(() => openSeed(otherKey, 'user-1', sealed)).toThrow(SeedDecryptionError)
    expect(() => openSeed(wrapKey, 'user-2', sealed)).toThrow(SeedDecryptionError)
    const bytes = Buffer.from(sealed.seedCiphertext, 'base64')
    bytes[0] = (bytes[0] ?? 0) ^ 1
    expect(() =>
      openSeed(wrapKey, 'user-1', { ...sealed, seedCiphertext: bytes.toString('base64') }),
    ).toThrow(SeedDecryptionError)
  })
})
