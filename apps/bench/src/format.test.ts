import { describe, expect, it } from 'vitest'
import { formatFiles, formatKiB, formatMB, formatMs, formatRatio } from './format.ts'

describe('the figures as written', () => {
  it('gives sizes in KiB with one decimal', () => {
    expect(formatKiB(143_667)).toBe('140.3 KiB')
    expect(formatKiB(0)).toBe('0.0 KiB')
  })

  it('gives times in whole milliseconds', () => {
    expect(formatMs(91.5)).toBe('92 ms')
    expect(formatMs(4.2)).toBe('4 ms')
  })

  it('gives heap sizes in decimal megabytes', () => {
    expect(formatMB(3_460_000)).toBe('3.5 MB')
  })

  it('gives ratios with two decimals, or a dash for none', () => {
    expect(formatRatio(1.5234)).toBe('1.52×')
    expect(formatRatio(undefined)).toBe('–')
  })

  it('gives files as a count and their size, and no size for none', () => {
    expect(formatFiles(3, 10_445)).toBe('3 (10.2 KiB)')
    expect(formatFiles(0, 0)).toBe('0')
    expect(formatFiles(2.5, 2048)).toBe('2.5 (2.0 KiB)')
  })
})
