// @vitest-environment node
import { type Hex, keccak256, numberToHex, size } from 'viem'
import { describe, expect, test } from 'vitest'
import { createCallsIdCodec, MAX_CALLS_PER_BUNDLE } from './callsId.js'
import { deriveKeys } from './keys.js'

const codec = createCallsIdCodec(deriveKeys(`0x${'42'.repeat(32)}`).evmPrivateKey)
const hashes = (count: number): Hex[] => Array.from({ length: count }, (_, i) => keccak256(numberToHex(i)))

describe('createCallsIdCodec', () => {
  test('an id gives back the chain and the transaction hashes in their order', () => {
    const bundle = { chainId: 8453, hashes: hashes(3) }
    expect(codec.decode(codec.encode(bundle))).toEqual(bundle)
  })

  test('the largest bundle fits in the 4096 bytes EIP-5792 allows, and one more call does not', () => {
    expect(MAX_CALLS_PER_BUNDLE).toBe(127)
    const id = codec.encode({ chainId: 1, hashes: hashes(MAX_CALLS_PER_BUNDLE) })
    expect(size(id)).toBeLessThanOrEqual(4096)
    expect(codec.decode(id)?.hashes).toHaveLength(MAX_CALLS_PER_BUNDLE)
    expect(() => codec.encode({ chainId: 1, hashes: hashes(MAX_CALLS_PER_BUNDLE + 1) })).toThrowError(
      RangeError,
    )
    expect(() => codec.encode({ chainId: 1, hashes: [] })).toThrowError(RangeError)
  })

  test('an id from another key, a changed chain or a changed hash is not recognised', () => {
    const id = codec.encode({ chainId: 1, hashes: hashes(2) })
    const other = createCallsIdCodec(deriveKeys(`0x${'43'.repeat(32)}`).evmPrivateKey)
    expect(other.decode(id)).toBeUndefined()
    // Byte 8 is the chain id's last byte, byte 9 the first hash's first byte.
    for (const offset of [8, 9]) {
      const at = 2 + offset * 2
      const flipped = (Number.parseInt(id.slice(at, at + 2), 16) ^ 1).toString(16).padStart(2, '0')
      expect(codec.decode(`${id.slice(0, at)}${flipped}${id.slice(at + 2)}`)).toBeUndefined()
    }
  })

  test.each([
    ['a number', 7],
    ['odd hex', '0xabc'],
    ['plain text', 'batch-1'],
    ['a bare transaction hash', keccak256('0x01')],
  ])('%s is not an id', (_, id) => {
    expect(codec.decode(id)).toBeUndefined()
  })
})
