import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { bytesToHex, hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import { createSeed, deriveKeys, InvalidSeedError, seedToHex } from './keys.js'

const FIXED_SEED = `0x${'11'.repeat(32)}` as const

// An independent HKDF-SHA256 (WebCrypto) so the test does not trust the code under test.
async function webCryptoHkdf(seed: Uint8Array, info: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(seed), 'HKDF', false, ['deriveBits'])
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
    key,
    256,
  )
  return new Uint8Array(bits)
}

describe('deriveKeys', () => {
  test('a fixed seed always gives the same EVM and Solana addresses', () => {
    const keys = deriveKeys(FIXED_SEED)
    expect(keys.evmAddress).toBe('0xD2f16cBEc4BD343e55Ad6f481308C2ceE4dBfb85')
    expect(keys.solanaAddress).toBe('Eepoit2ieCy6vXV1sEWrFXWL9HEj522EEXu9PLZoHsu7')
    expect(deriveKeys(hexToBytes(FIXED_SEED))).toEqual(keys)
  })

  test('the keys are HKDF-SHA256 of the seed with the portico/eip155 and portico/solana infos', async () => {
    const seed = hexToBytes(FIXED_SEED)
    const keys = deriveKeys(seed)
    const evmKey = bytesToHex(await webCryptoHkdf(seed, 'portico/eip155'))
    expect(keys.evmPrivateKey).toBe(evmKey)
    expect(keys.evmAddress).toBe(privateKeyToAccount(evmKey).address)
    const solanaSeed = await webCryptoHkdf(seed, 'portico/solana')
    expect(keys.solanaAddress).toBe(base58.encode(ed25519.getPublicKey(solanaSeed)))
    expect(keys.solanaSecretKey.slice(0, 32)).toEqual(solanaSeed)
    expect(base58.encode(keys.solanaSecretKey.slice(32))).toBe(keys.solanaAddress)
  })

  test('different seeds give different addresses', () => {
    const a = deriveKeys(createSeed())
    const b = deriveKeys(createSeed())
    expect(a.evmAddress).not.toBe(b.evmAddress)
    expect(a.solanaAddress).not.toBe(b.solanaAddress)
  })

  test('refuses a seed that is not 32 bytes', () => {
    expect(() => deriveKeys(new Uint8Array(31))).toThrow(InvalidSeedError)
    expect(() => deriveKeys('0x1234')).toThrow('expected 32 bytes, got 2')
    expect(() => deriveKeys('not hex' as `0x${string}`)).toThrow(InvalidSeedError)
  })
})

describe('createSeed', () => {
  test('makes 32 random bytes that round-trip through hex', () => {
    const seed = createSeed()
    expect(seed).toHaveLength(32)
    expect(seedToHex(seed)).toMatch(/^0x[0-9a-f]{64}$/)
    expect(hexToBytes(seedToHex(seed))).toEqual(seed)
    expect(seedToHex(createSeed())).not.toBe(seedToHex(seed))
  })
})
