import { decodeBase58 } from '@portico/core/adapter-kit'
import { describe, expect, it } from 'vitest'
import { isBase58Address, isBase58Signature } from './solanaAddress.js'
import { parseJsonKeepingIntegers, toBigInt } from './solanaRpc.js'

describe('parseJsonKeepingIntegers', () => {
  it('keeps u64 values beyond 2^53 exact and leaves short numbers, decimals and strings as they are', () => {
    const parsed = parseJsonKeepingIntegers(
      '{"rentEpoch":18446744073709551615,"lamports":9007199254740993,"fee":5000,"ui":12.5,"exp":1e3,"log":"Program 12345678901234567890 \\"quoted\\" 99999999999999999","neg":-90071992547409930}',
    ) as Record<string, unknown>
    expect(parsed).toEqual({
      rentEpoch: '18446744073709551615',
      lamports: '9007199254740993',
      fee: 5000,
      ui: 12.5,
      exp: 1000,
      log: 'Program 12345678901234567890 "quoted" 99999999999999999',
      neg: '-90071992547409930',
    })
    expect(toBigInt(parsed.rentEpoch)).toBe(18446744073709551615n)
    expect(toBigInt(parsed.fee)).toBe(5000n)
    expect(toBigInt(parsed.neg)).toBeUndefined()
  })
})

describe('base58', () => {
  it('decodes addresses and signatures to 32 and 64 bytes, leading ones as zero bytes', () => {
    expect(decodeBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(isBase58Address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true)
    expect(isBase58Address('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe(false)
    // 0, O, I and l are not base58.
    expect(decodeBase58('Tokenkeg0')).toBeUndefined()
    expect(isBase58Address('2')).toBe(false)
    expect(
      isBase58Signature(
        '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW',
      ),
    ).toBe(true)
    expect(isBase58Signature('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(false)
  })
})
