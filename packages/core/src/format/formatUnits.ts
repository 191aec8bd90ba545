/** Exact decimal string of `value / 10^decimals`, with bigint arithmetic only. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = decimals > 0 ? digits.slice(-decimals).replace(/0+$/, '') : ''
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** The characters that group thousands and mark decimals, e.g. `{ group: '.', decimal: ',' }` in German. */
export interface NumberSeparators {
  group: string
  decimal: string
}

const ENGLISH_SEPARATORS: NumberSeparators = { group: ',', decimal: '.' }

/**
 * Shortens an exact decimal string for display without floating point: groups thousands and keeps
 * `fractionDigits` decimals (SPEC §9: 2), truncating; a non-zero amount below that shows as `<0.01`.
 * `separators` writes it the way a locale does.
 */
export function formatDisplayAmount(
  amount: string,
  fractionDigits = 2,
  separators: NumberSeparators = ENGLISH_SEPARATORS,
): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount)
  if (!match) return amount
  const [, sign = '', whole = '0', fraction = ''] = match
  const { group, decimal } = separators
  const kept = fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)
  if (whole === '0' && /^0*$/.test(kept) && /[1-9]/.test(fraction))
    return `${sign}<0${decimal}${'0'.repeat(Math.max(0, fractionDigits - 1))}1`
  return fractionDigits > 0 ? `${sign}${grouped}${decimal}${kept}` : `${sign}${grouped}`
}

/** `0x1234…abcd`: the first and last characters of an address. */
export function shortenAddress(address: string, start = 6, end = 4): string {
  if (address.length <= start + end + 1) return address
  return `${address.slice(0, start)}…${address.slice(-end)}`
}
