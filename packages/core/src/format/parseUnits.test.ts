import { describe, expect, test } from 'vitest'
import { formatUnits } from './formatUnits.js'
import { ParseUnitsError, type ParseUnitsReason, parseUnits } from './parseUnits.js'

function reasonOf(run: () => unknown): ParseUnitsReason | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof ParseUnitsError) return error.reason
    throw error
  }
  return undefined
}

describe('parseUnits', () => {
  test('turns whole and fractional amounts into exact base units', () => {
    expect(parseUnits('1', 18)).toBe(10n ** 18n)
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n)
    expect(parseUnits('0.000000000000000001', 18)).toBe(1n)
    expect(parseUnits('123.456789', 6)).toBe(123_456_789n)
  })

  test('keeps every digit of a 78-digit amount', () => {
    const max = 2n ** 256n - 1n
    const text = max.toString()
    expect(text).toHaveLength(78)
    expect(parseUnits(text, 0)).toBe(max)
    expect(parseUnits(formatUnits(max, 18), 18)).toBe(max)
  })

  test('accepts .5 and 1. as people type them', () => {
    expect(parseUnits('.5', 2)).toBe(50n)
    expect(parseUnits('1.', 2)).toBe(100n)
    expect(parseUnits('  2.25 ', 2)).toBe(225n)
  })

  test('a 0-decimal token takes whole amounts only', () => {
    expect(parseUnits('42', 0)).toBe(42n)
    expect(parseUnits('42.0', 0)).toBe(42n)
    expect(reasonOf(() => parseUnits('42.5', 0))).toBe('tooManyDecimals')
  })

  test('refuses more decimals than the token has, but not trailing zeros', () => {
    expect(reasonOf(() => parseUnits('1.1234567', 6))).toBe('tooManyDecimals')
    expect(parseUnits('1.1234560000', 6)).toBe(1_123_456n)
    const error = (() => {
      try {
        parseUnits('0.0000001', 6)
      } catch (caught) {
        return caught as ParseUnitsError
      }
    })()
    expect(error?.details).toBe('"0.0000001" has 7 decimals; the token has 6.')
  })

  test('says why an amount is not one', () => {
    expect(reasonOf(() => parseUnits('', 18))).toBe('empty')
    expect(reasonOf(() => parseUnits('   ', 18))).toBe('empty')
    expect(reasonOf(() => parseUnits('-1', 18))).toBe('negative')
    expect(reasonOf(() => parseUnits('1e5', 18))).toBe('exponent')
    expect(reasonOf(() => parseUnits('1.5E-3', 18))).toBe('exponent')
    expect(reasonOf(() => parseUnits('abc', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('.', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('1.2.3', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('+1', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('0x10', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('1 000', 18))).toBe('notANumber')
  })

  test('reads the locale decimal comma, and refuses a comma where the locale writes a dot', () => {
    expect(parseUnits('1,5', 18, { decimalSeparator: ',' })).toBe(1_500_000_000_000_000_000n)
    expect(parseUnits('1.5', 18, { decimalSeparator: ',' })).toBe(1_500_000_000_000_000_000n)
    expect(parseUnits(',25', 2, { decimalSeparator: ',' })).toBe(25n)
    // Group separators are never guessed at: "1,000" in English is not read as 1 or as 1000.
    expect(reasonOf(() => parseUnits('1,000', 18))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('1.000,5', 18, { decimalSeparator: ',' }))).toBe('notANumber')
    expect(reasonOf(() => parseUnits('1,5,5', 18, { decimalSeparator: ',' }))).toBe('notANumber')
  })
})
