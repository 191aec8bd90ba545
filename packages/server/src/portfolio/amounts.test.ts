import { describe, expect, it } from 'vitest'
import { toDecimalString, usdValue } from './amounts.js'

describe('amounts', () => {
  it('writes base units as an exact decimal string, without exponent notation', () => {
    expect(toDecimalString(1_500_000n, 6)).toBe('1.5')
    expect(toDecimalString(1n, 18)).toBe('0.000000000000000001')
    expect(toDecimalString(10n ** 40n, 18)).toBe('10000000000000000000000')
    expect(toDecimalString(0n, 6)).toBe('0')
  })

  it('keeps the integer part of a value whose base units exceed 2^53', () => {
    // 123456789.5 tokens of 18 decimals at $2.
    expect(usdValue(123_456_789_500_000_000_000_000_000n, 18, 2)).toBe(246_913_579)
    expect(usdValue(1n, 6, 1)).toBeCloseTo(0.000001, 12)
    expect(usdValue(10n ** 30n, 0, 0)).toBe(0)
  })
})
