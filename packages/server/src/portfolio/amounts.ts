/** Exact amounts and their display-only USD values. */
import { formatUnits } from 'viem'

/** Base units as whole tokens, exact (`1500000n`, 6 → `"1.5"`), never in exponent notation. */
export function toDecimalString(amount: bigint, decimals: number): string {
  return formatUnits(amount, decimals)
}

/**
 * `price × amount` in USD. The whole and fractional parts are converted apart, so a balance
 * beyond 2^53 base units keeps its integer part instead of going through one lossy division.
 */
export function usdValue(amount: bigint, decimals: number, price: number): number {
  if (price === 0 || amount === 0n) return 0
  const unit = 10n ** BigInt(decimals)
  const whole = amount / unit
  const fraction = amount % unit
  return Number(whole) * price + (Number(fraction) / Number(unit)) * price
}
