import { describe, expect, it } from 'vitest'
import {
  InvalidSwapAmountError,
  minimumOutput,
  parseTokenAmount,
  percentToScaled,
  priceImpactPercent,
  splitProviderFee,
  unitPrice,
  v2AmountOut,
  v2MidPrice,
  v3MidPrice,
} from './swapMath.js'

describe('parseTokenAmount', () => {
  it('reads whole tokens into base units exactly', () => {
    expect(parseTokenAmount('1.5', 6, 'PUSD')).toBe(1_500_000n)
    expect(parseTokenAmount('0.000001', 6, 'PUSD')).toBe(1n)
    expect(parseTokenAmount('1', 18, 'ETH')).toBe(10n ** 18n)
    // Trailing zeros beyond the decimals change nothing, so they are accepted.
    expect(parseTokenAmount('2.5000000', 6, 'PUSD')).toBe(2_500_000n)
  })

  it('refuses more decimals than the token has, zero, signs and exponents', () => {
    expect(() => parseTokenAmount('0.0000001', 6, 'PUSD')).toThrow(/more than the 6 decimals/)
    expect(() => parseTokenAmount('0', 6, 'PUSD')).toThrow(/more than 0 PUSD/)
    for (const bad of ['-1', '1e6', '', '.5', '1.', ' 1', '0x10']) {
      expect(() => parseTokenAmount(bad, 6, 'PUSD'), bad).toThrow(InvalidSwapAmountError)
    }
    expect(() => parseTokenAmount('9'.repeat(78), 18, 'ETH')).toThrow(/beyond what a token can count/)
  })
})

describe('the provider fee', () => {
  it('takes SPEC §9’s 0.85% of the source amount, rounded down, and swaps the rest', () => {
    expect(percentToScaled(0.85)).toBe(8_500n)
    expect(splitProviderFee(10n ** 18n, percentToScaled(0.85))).toEqual({
      fee: 8_500_000_000_000_000n,
      swapAmount: 991_500_000_000_000_000n,
    })
    // 0.85% of 1 base unit is less than one: nothing is taken, everything is swapped.
    expect(splitProviderFee(1n, 8_500n)).toEqual({ fee: 0n, swapAmount: 1n })
    expect(splitProviderFee(1_000_000n, 0n)).toEqual({ fee: 0n, swapAmount: 1_000_000n })
  })

  it('reads a percentage written as text to four decimals', () => {
    expect(percentToScaled('1')).toBe(10_000n)
    expect(percentToScaled('0.5')).toBe(5_000n)
    expect(percentToScaled('0.0001')).toBe(1n)
    expect(() => percentToScaled('-1')).toThrow(InvalidSwapAmountError)
  })
})

describe('minimumOutput', () => {
  it('is the quoted output less the slippage tolerance, rounded down', () => {
    expect(minimumOutput(1_000_000n, percentToScaled(1))).toBe(990_000n)
    expect(minimumOutput(1_000_000n, percentToScaled(0.5))).toBe(995_000n)
    expect(minimumOutput(999n, percentToScaled(1))).toBe(989n)
  })

  it('refuses a tolerance of 0 or above 50%', () => {
    expect(() => minimumOutput(1n, 0n)).toThrow(InvalidSwapAmountError)
    expect(() => minimumOutput(1n, percentToScaled(50.01))).toThrow(InvalidSwapAmountError)
  })
})

describe('pool arithmetic', () => {
  it('computes a V2 pair’s output as the pair does (0.3% fee)', () => {
    // 1 ETH into 100 ETH / 300 000 PUSD: 997 * 300000e6 / (100000 + 997) per the constant product.
    const out = v2AmountOut(10n ** 18n, 100n * 10n ** 18n, 300_000n * 10n ** 6n)
    expect(out).toBe(
      (997n * 10n ** 18n * 300_000n * 10n ** 6n) / (100n * 10n ** 18n * 1000n + 997n * 10n ** 18n),
    )
    expect(v2AmountOut(0n, 1n, 1n)).toBe(0n)
    expect(v2AmountOut(1n, 0n, 1n)).toBe(0n)
  })

  it('measures price impact against the mid price, pool fee included', () => {
    const mid = v2MidPrice(100n * 10n ** 18n, 300_000n * 10n ** 6n)
    const amountIn = 10n ** 18n
    const impact = priceImpactPercent(
      amountIn,
      v2AmountOut(amountIn, 100n * 10n ** 18n, 300_000n * 10n ** 6n),
      mid,
    )
    // 0.3% fee plus ~0.99% for taking 1% of the pool.
    expect(impact).toBeGreaterThan(1.28)
    expect(impact).toBeLessThan(1.3)
    expect(priceImpactPercent(1n, 10n, { numerator: 1n, denominator: 1n })).toBe(0)
  })

  it('reads a V3 pool’s price from sqrtPriceX96 in either direction', () => {
    // sqrtPriceX96 of 2^96 * 2 means token1/token0 = 4.
    const sqrt = 2n ** 97n
    const forward = v3MidPrice(sqrt, true)
    expect(Number(forward.numerator) / Number(forward.denominator)).toBe(4)
    const backward = v3MidPrice(sqrt, false)
    expect(Number(backward.numerator) / Number(backward.denominator)).toBe(0.25)
  })

  it('turns a base-unit price into USD per whole token', () => {
    // 1 ETH (18 decimals) = 3000 PUSD (6 decimals): 3000e6 / 1e18 per base unit.
    const mid = { numerator: 3_000n * 10n ** 6n, denominator: 10n ** 18n }
    expect(unitPrice(mid, 18, 6, 1)).toBe(3000)
    expect(unitPrice(mid, 18, 6, 0.5)).toBe(1500)
  })
})
