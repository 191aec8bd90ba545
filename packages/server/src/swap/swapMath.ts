/**
 * The arithmetic of a swap, exact in base units: amounts in and out of whole tokens, the provider
 * fee, the least output a slippage tolerance accepts, a Uniswap V2 pool's output, pool prices and
 * the price impact. Pure, so each rule is tested without a chain.
 */
import { BaseError } from '@portico/core/errors'

/** The amount is not a positive number of whole tokens the token's decimals can hold. */
export class InvalidSwapAmountError extends BaseError {
  override name = 'InvalidSwapAmountError' as const
}
export type InvalidSwapAmountErrorType = InvalidSwapAmountError & { name: 'InvalidSwapAmountError' }

/** Percent values (fee rate, slippage) are held in hundredths of a basis point: 1% = 10_000. */
export const PERCENT_SCALE = 10_000n
const WHOLE = 100n * PERCENT_SCALE

/**
 * `"1.5"` with 6 decimals → `1500000n`. Refuses more fraction digits than the token has (rounding
 * would spend another amount than the visitor typed), zero, and anything beyond 2^256.
 */
export function parseTokenAmount(text: string, decimals: number, symbol: string): bigint {
  const match = /^(\d{1,78})(?:\.(\d{1,78}))?$/.exec(text)
  if (!match) {
    throw new InvalidSwapAmountError(`"${text}" is not an amount: write whole tokens such as 1 or 0.25.`)
  }
  const [, whole = '', fraction = ''] = match
  if (fraction.replace(/0+$/, '').length > decimals) {
    throw new InvalidSwapAmountError(
      `${text} ${symbol} has more than the ${decimals} decimals ${symbol} can hold.`,
    )
  }
  const amount =
    BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0').slice(0, decimals) || '0')
  if (amount === 0n) throw new InvalidSwapAmountError(`The amount must be more than 0 ${symbol}.`)
  if (amount >= 2n ** 256n)
    throw new InvalidSwapAmountError(`${text} ${symbol} is beyond what a token can count.`)
  return amount
}

/** `"0.85"` (percent) → 8_500n hundredths of a basis point; at most 4 decimals (1e-6 of the whole). */
export function percentToScaled(percent: number | string): bigint {
  const text = typeof percent === 'number' ? percent.toFixed(4) : percent
  const match = /^(\d+)(?:\.(\d{1,4})\d*)?$/.exec(text)
  if (!match) throw new InvalidSwapAmountError(`"${text}" is not a percentage.`)
  const [, whole = '0', fraction = ''] = match
  return BigInt(whole) * PERCENT_SCALE + BigInt(fraction.padEnd(4, '0'))
}

/**
 * The provider fee taken from what the visitor spends (SPEC §9: a share of the source amount),
 * rounded down so the visitor never pays more than the rate; the rest is swapped.
 */
export function splitProviderFee(amount: bigint, rateScaled: bigint): { fee: bigint; swapAmount: bigint } {
  if (rateScaled < 0n || rateScaled >= WHOLE) throw new InvalidSwapAmountError('A fee rate is below 100%.')
  const fee = (amount * rateScaled) / WHOLE
  return { fee, swapAmount: amount - fee }
}

/** The least output a swap accepts: `quoted × (1 − slippage)`, rounded down. */
export function minimumOutput(quoted: bigint, slippageScaled: bigint): bigint {
  if (slippageScaled <= 0n || slippageScaled > 50n * PERCENT_SCALE) {
    throw new InvalidSwapAmountError('A slippage tolerance is above 0 and at most 50%.')
  }
  return (quoted * (WHOLE - slippageScaled)) / WHOLE
}

/** Uniswap V2's output for an exact input (its 0.3% fee included), as the pair computes it. */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n
  const withFee = amountIn * 997n
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee)
}

/**
 * A price as a fraction of base units (`numerator / denominator` of `out` per `in`), kept exact so
 * a route's legs multiply without rounding.
 */
export interface Ratio {
  numerator: bigint
  denominator: bigint
}

export const multiplyRatios = (a: Ratio, b: Ratio): Ratio => ({
  numerator: a.numerator * b.numerator,
  denominator: a.denominator * b.denominator,
})

/** A V2 pair's price before any trade: `reserveOut / reserveIn`. */
export const v2MidPrice = (reserveIn: bigint, reserveOut: bigint): Ratio => ({
  numerator: reserveOut,
  denominator: reserveIn,
})

/**
 * A V3 pool's price before any trade from its `sqrtPriceX96` (token1 per token0 is
 * `sqrtPriceX96² / 2^192`), in the direction of the trade.
 */
export function v3MidPrice(sqrtPriceX96: bigint, zeroForOne: boolean): Ratio {
  const squared = sqrtPriceX96 * sqrtPriceX96
  const q192 = 2n ** 192n
  return zeroForOne ? { numerator: squared, denominator: q192 } : { numerator: q192, denominator: squared }
}

/**
 * How much worse than the mid price an amount trades, in percent (0 when it trades at or above
 * it): `1 − out / (in × mid)`. Pool fees count as impact, as a visitor sees them.
 */
export function priceImpactPercent(amountIn: bigint, amountOut: bigint, mid: Ratio): number {
  const ideal = amountIn * mid.numerator
  if (ideal === 0n || mid.denominator === 0n) return 0
  const actual = amountOut * mid.denominator
  if (actual >= ideal) return 0
  // In millionths of a percent, then to a number: exact enough for display, no float on the bigints.
  const lost = ((ideal - actual) * 100_000_000n) / ideal
  return Number(lost) / 1_000_000
}

/**
 * The USD value of one whole `in` token given a mid price in base units and the `out` token's
 * USD price: `mid × 10^inDecimals / 10^outDecimals × outPrice`.
 */
export function unitPrice(mid: Ratio, inDecimals: number, outDecimals: number, outPriceUsd: number): number {
  if (mid.denominator === 0n) return 0
  // 18 digits of precision are kept before the division to a float.
  const scaled =
    (mid.numerator * 10n ** BigInt(inDecimals) * 10n ** 18n) / (mid.denominator * 10n ** BigInt(outDecimals))
  return (Number(scaled) / 1e18) * outPriceUsd
}
