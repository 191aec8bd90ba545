import { BaseError } from '../errors/base.js'

/** Why a typed amount is not one: each maps to its own message in the view. */
export type ParseUnitsReason = 'empty' | 'notANumber' | 'negative' | 'exponent' | 'tooManyDecimals'

/** A typed amount that cannot be turned into base units exactly; `reason` says why. */
export class ParseUnitsError extends BaseError {
  override name = 'ParseUnitsError' as const
  readonly reason: ParseUnitsReason
  constructor(reason: ParseUnitsReason, details: string) {
    super(SHORT_MESSAGES[reason], { details })
    this.reason = reason
  }
}
export type ParseUnitsErrorType = ParseUnitsError & { name: 'ParseUnitsError' }

const SHORT_MESSAGES: Record<ParseUnitsReason, string> = {
  empty: 'Enter an amount.',
  notANumber: 'The amount is not a number.',
  negative: 'The amount cannot be negative.',
  exponent: 'Write the amount out in digits, without exponent notation.',
  tooManyDecimals: 'The amount has more decimals than the token allows.',
}

export type ParseUnitsOptions = {
  /** The mark the visitor's locale writes decimals with; `.` is always understood too when it is `,`. */
  decimalSeparator?: string
}

/**
 * Turns a typed decimal amount into base units exactly (`'1.5'`, 18 → `1500000000000000000n`),
 * with bigint arithmetic only. Strict: no exponent notation, no sign, no group separators, and no
 * more decimals than the token has. `.5` and `1.` are accepted, as people type them.
 *
 * @example
 * parseUnits('0.01', 6) // 10000n
 * parseUnits('1,5', 18, { decimalSeparator: ',' }) // 1500000000000000000n
 */
export function parseUnits(text: string, decimals: number, options: ParseUnitsOptions = {}): bigint {
  if (!Number.isInteger(decimals) || decimals < 0)
    throw new ParseUnitsError('notANumber', `${decimals} is not a number of decimals.`)
  const trimmed = text.trim()
  if (trimmed === '') throw new ParseUnitsError('empty', 'Nothing was typed.')
  if (trimmed.startsWith('-')) throw new ParseUnitsError('negative', `"${trimmed}" is below zero.`)
  if (/^[+]?(\d+\.?\d*|\.\d+)[eE][-+]?\d+$/.test(trimmed))
    throw new ParseUnitsError('exponent', `"${trimmed}" uses exponent notation.`)
  const separator = options.decimalSeparator ?? '.'
  // A locale that writes decimals with a comma still accepts a dot, as long as only one mark is used.
  const normalised = separator === '.' ? trimmed : trimmed.replace(separator, '.')
  if (normalised.includes(separator) && separator !== '.')
    throw new ParseUnitsError('notANumber', `"${trimmed}" has more than one decimal mark.`)
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised)
  const whole = match?.[1] ?? ''
  const fraction = match?.[2] ?? ''
  if (!match || (whole === '' && fraction === ''))
    throw new ParseUnitsError('notANumber', `"${trimmed}" is not a decimal number.`)
  if (fraction.length > decimals) {
    // Trailing zeros beyond the token's decimals change nothing.
    if (/[1-9]/.test(fraction.slice(decimals)))
      throw new ParseUnitsError(
        'tooManyDecimals',
        `"${trimmed}" has ${fraction.replace(/0+$/, '').length} decimals; the token has ${decimals}.`,
      )
  }
  const digits = `${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`
  return BigInt(digits === '' ? '0' : digits)
}
