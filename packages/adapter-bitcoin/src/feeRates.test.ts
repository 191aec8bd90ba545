import { describe, expect, it } from 'vitest'
import { pickFeeRates } from './feeRates.js'

describe('pickFeeRates', () => {
  it('is the 1 sat/vB relay floor for every speed when the estimates are empty, as on regtest', () => {
    expect(pickFeeRates(new Map())).toEqual({ fast: 1, normal: 1, slow: 1 })
  })

  it('takes each speed from its target, rounded up to whole sat/vB', () => {
    const estimates = new Map([
      [1, 20.4],
      [2, 18],
      [6, 9.2],
      [144, 1.3],
      [1008, 1.01],
    ])
    expect(pickFeeRates(estimates)).toEqual({ fast: 21, normal: 10, slow: 2 })
  })

  it('uses the nearest longer target when a speed has none, and never lets a slower speed cost more', () => {
    expect(
      pickFeeRates(
        new Map([
          [3, 5],
          [25, 7],
        ]),
      ),
    ).toEqual({ fast: 5, normal: 5, slow: 5 })
  })

  it('never goes below the floor', () => {
    expect(
      pickFeeRates(
        new Map([
          [1, 0.2],
          [144, 0.1],
        ]),
      ),
    ).toEqual({ fast: 1, normal: 1, slow: 1 })
  })
})
