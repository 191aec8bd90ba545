import type { TokenBalance } from '../api/schemas.js'
import { parseUnits } from '../format/parseUnits.js'

// USD figures are display-only, but the SPEC §5 gas rule compares two of them: both are computed
// here as bigints in units of 10^-12 USD from exact base-unit amounts, so no amount goes through
// floating point and the comparison is exact for a given price.
const USD_SCALE = 1_000_000_000_000

/** The token's decimals (SPEC §3 quantity.decimals). */
export function tokenDecimals(token: TokenBalance): number {
  return Number.parseInt(token.quantity.decimals, 10)
}

/** True for the network's own currency, which has no contract address (SPEC §3). */
export function isNativeToken(token: TokenBalance): boolean {
  return token.address === undefined
}

/** The contract address inside the token's CAIP-10 address (`eip155:1:0xabc…` → `0xabc…`). */
export function tokenContract(token: TokenBalance): string | undefined {
  if (token.address === undefined) return undefined
  return token.address.split(':').at(-1)
}

/**
 * A whole-token decimal string in base units. Extra decimals beyond the token's (a server rounding
 * differently) are cut off rather than rejected: a balance is not something the visitor typed.
 */
export function toBaseUnits(numeric: string, decimals: number): bigint {
  const [whole = '0', fraction = ''] = numeric.split('.')
  return parseUnits(`${whole}.${fraction.slice(0, decimals)}`, decimals)
}

/** A price as an integer number of 10^-12 USD; undefined when unknown (0 means unknown, SPEC §3). */
export function scaledPrice(price: number): bigint | undefined {
  if (!Number.isFinite(price) || price <= 0) return undefined
  const scaled = BigInt(Math.round(price * USD_SCALE))
  return scaled > 0n ? scaled : undefined
}

/** `amount` base units at `price` (scaled), in 10^-12 USD, exact. */
export function usdOf(amount: bigint, decimals: number, price: bigint): bigint {
  return (amount * price) / 10n ** BigInt(decimals)
}

/** A scaled USD figure as a number for display. */
export function usdToNumber(scaled: bigint): number {
  return Number(scaled) / USD_SCALE
}
