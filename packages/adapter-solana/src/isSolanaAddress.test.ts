import { decodeBase58, encodeBase58 } from '@portico/core/adapter-kit'
import { getBase58Decoder, getBase58Encoder, isAddress } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './isSolanaAddress.js'

const samples = (): Uint8Array[] => [
  new Uint8Array(0),
  new Uint8Array([0]),
  new Uint8Array([0, 0, 1]),
  new Uint8Array(32),
  new Uint8Array(64).fill(255),
  ...Array.from({ length: 200 }, (_, index) => crypto.getRandomValues(new Uint8Array((index % 70) + 1))),
]

describe('base58', () => {
  it('encodes every byte string as @solana/kit does', () => {
    for (const bytes of samples()) expect(encodeBase58(bytes)).toBe(getBase58Decoder().decode(bytes))
  })

  it('decodes what kit encodes back to the same bytes, leading zeros included', () => {
    for (const bytes of samples()) {
      const text = getBase58Decoder().decode(bytes)
      expect(decodeBase58(text)).toEqual(new Uint8Array(getBase58Encoder().encode(text)))
      expect(decodeBase58(text)).toEqual(bytes)
    }
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0', 'O1', '1I', 'abcl', 'ab c']) expect(decodeBase58(text)).toBeUndefined()
  })

  it('recognises addresses exactly as kit’s isAddress does', () => {
    const candidates = [
      '11111111111111111111111111111111',
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuE',
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEbb',
      '0okenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
      '',
      ...samples().map((bytes) => getBase58Decoder().decode(bytes)),
    ]
    for (const candidate of candidates) expect(isSolanaAddress(candidate)).toBe(isAddress(candidate))
    expect(isSolanaAddress(42)).toBe(false)
  })
})
