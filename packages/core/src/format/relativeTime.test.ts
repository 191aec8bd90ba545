import { describe, expect, test } from 'vitest'
import { getRelativeTime } from './relativeTime.js'

const NOW = Date.UTC(2026, 5, 15, 12)
const ago = (ms: number) => getRelativeTime(NOW - ms, NOW)

describe('getRelativeTime', () => {
  test('under a minute, and a clock ahead of ours, is now', () => {
    expect(ago(59_999)).toEqual({ unit: 'now' })
    expect(ago(-5_000)).toEqual({ unit: 'now' })
  })
  test('counts whole minutes, hours and days (SPEC §9: "1 min", "1 hr")', () => {
    expect(ago(60_000)).toEqual({ unit: 'minutes', count: 1 })
    expect(ago(5 * 60_000 + 59_000)).toEqual({ unit: 'minutes', count: 5 })
    expect(ago(3_600_000)).toEqual({ unit: 'hours', count: 1 })
    expect(ago(23 * 3_600_000)).toEqual({ unit: 'hours', count: 23 })
    expect(ago(3 * 86_400_000)).toEqual({ unit: 'days', count: 3 })
  })
  test('from a week on, the date itself', () => {
    expect(ago(7 * 86_400_000)).toEqual({ unit: 'date', date: new Date(NOW - 7 * 86_400_000) })
  })
})
