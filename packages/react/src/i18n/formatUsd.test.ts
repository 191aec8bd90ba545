import { describe, expect, test } from 'vitest'
import { formatUsd } from './formatUsd.js'

describe('formatUsd', () => {
  test('writes two decimals in the locale, rounding a third away', () => {
    expect(formatUsd(1234.5, 'en')).toBe('$1,234.50')
    expect(formatUsd(0.125, 'en')).toBe('$0.13')
    expect(formatUsd(1234.5, 'de')).toBe('1.234,50\u00a0$')
  })

  test('shows a non-zero value under a cent as less than a cent, and zero as zero', () => {
    expect(formatUsd(0.004, 'en')).toBe('<$0.01')
    expect(formatUsd(0.004, 'de')).toBe('<0,01\u00a0$')
    expect(formatUsd(0, 'en')).toBe('$0.00')
  })
})
