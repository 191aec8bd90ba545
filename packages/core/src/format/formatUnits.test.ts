import { describe, expect, test } from 'vitest'
import { formatDisplayAmount, formatUnits, shortenAddress } from './formatUnits.js'

describe('formatUnits is exact', () => {
  test.each([
    [0n, 18, '0'],
    [1n, 18, '0.000000000000000001'],
    [1_234_500_000_000_000_000n, 18, '1.2345'],
    [10n ** 30n + 1n, 18, '1000000000000.000000000000000001'],
    [-15n, 1, '-1.5'],
    [42n, 0, '42'],
  ])('%s with %s decimals → %s', (value, decimals, expected) => {
    expect(formatUnits(value, decimals)).toBe(expected)
  })
})

describe('formatDisplayAmount keeps 2 decimals without floating point', () => {
  test.each([
    ['0', '0.00'],
    ['1.2399', '1.23'],
    ['10000', '10,000.00'],
    ['1234567.891', '1,234,567.89'],
    ['0.001', '<0.01'],
    ['9007199254740993.5', '9,007,199,254,740,993.50'],
  ])('%s → %s', (amount, expected) => {
    expect(formatDisplayAmount(amount)).toBe(expected)
  })
})

test("formatDisplayAmount writes a locale's separators", () => {
  const german = { group: '.', decimal: ',' }
  expect(formatDisplayAmount('10000', 2, german)).toBe('10.000,00')
  expect(formatDisplayAmount('0.001', 2, german)).toBe('<0,01')
  expect(formatDisplayAmount('1234567.891', 2, { group: '\u202f', decimal: ',' })).toBe(
    '1\u202f234\u202f567,89',
  )
})

test('shortenAddress', () => {
  expect(shortenAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678')
  expect(shortenAddress('0x12')).toBe('0x12')
})
