import { describe, expect, it } from 'vitest'
import { median, ratio, StatisticsError } from './statistics.ts'

describe('median', () => {
  it('is the middle value of an odd count, whatever the order', () => {
    expect(median([300, 10, 20, 25, 5])).toBe(20)
    expect(median([7])).toBe(7)
  })

  it('is the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })

  it('ignores one outlier, as a mean would not', () => {
    expect(median([90, 92, 91, 5000, 93])).toBe(92)
  })

  it('does not reorder the samples it is given', () => {
    const samples = [3, 1, 2]
    median(samples)
    expect(samples).toEqual([3, 1, 2])
  })

  it('refuses no samples and samples that are not numbers', () => {
    expect(() => median([])).toThrow(StatisticsError)
    expect(() => median([1, Number.NaN, 3])).toThrow('Cannot take the median of NaN')
    expect(() => median([1, Number.POSITIVE_INFINITY])).toThrow(StatisticsError)
  })
})

describe('ratio', () => {
  it('divides by the base', () => {
    expect(ratio(150, 100)).toBe(1.5)
  })

  it('has no ratio to zero or to a value that is not a number', () => {
    expect(ratio(150, 0)).toBeUndefined()
    expect(ratio(Number.NaN, 1)).toBeUndefined()
  })
})
