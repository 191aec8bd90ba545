/** SPEC's three send speeds, each a confirmation target in blocks. */
export type BitcoinFeeSpeed = 'slow' | 'normal' | 'fast'

export const FEE_TARGETS: Readonly<Record<BitcoinFeeSpeed, number>> = { fast: 1, normal: 6, slow: 144 }

/** Bitcoin Core's minimum relay fee: nothing below 1 sat/vB is relayed. */
export const FEE_RATE_FLOOR = 1

export type BitcoinFeeRates = Readonly<Record<BitcoinFeeSpeed, number>>

/**
 * Whole sat/vB rates for the three speeds from Esplora's `/fee-estimates`: each speed takes the
 * estimate of the nearest target at or above its own (the slowest one when there is none), never
 * below the relay floor; every speed is the floor when the estimates are empty, as on regtest.
 */
export function pickFeeRates(estimates: ReadonlyMap<number, number>): BitcoinFeeRates {
  const targets = [...estimates.keys()].sort((a, b) => a - b)
  const rateFor = (wanted: number): number => {
    const target = targets.find((candidate) => candidate >= wanted) ?? targets.at(-1)
    const rate = target === undefined ? FEE_RATE_FLOOR : estimates.get(target)!
    return Math.max(FEE_RATE_FLOOR, Math.ceil(rate))
  }
  const fast = rateFor(FEE_TARGETS.fast)
  const normal = Math.min(fast, rateFor(FEE_TARGETS.normal))
  const slow = Math.min(normal, rateFor(FEE_TARGETS.slow))
  return { fast, normal, slow }
}
