import type { SendProblem } from '@portico/core'
import type { MessageKey, MessageParams } from '../i18n/messages.js'

/** A text without `{…}` values. */
export type PlainKey = { [K in MessageKey]: MessageParams<K> extends [] ? K : never }[MessageKey]

/** The primary button's label for each problem of the send form (SPEC §5 Sending). */
export const PROBLEM_LABELS: Record<SendProblem, PlainKey> = {
  notConnected: 'sendNotConnected',
  noToken: 'sendSelectToken',
  noAmount: 'sendEnterAmount',
  invalidAmount: 'sendInvalidAmount',
  tooManyDecimals: 'sendTooManyDecimals',
  zeroAmount: 'sendEnterAmount',
  insufficientFunds: 'sendInsufficientFunds',
  noReceiver: 'sendEnterAddress',
  invalidAddress: 'sendInvalidAddress',
  noFeeEstimate: 'sendWaitingForFee',
  insufficientGas: 'sendInsufficientGas',
  unsupportedChain: 'sendUnsupportedChain',
}

/**
 * An exact amount written out in the locale with every decimal it has (up to `maxDigits`, cut, not
 * rounded), for the places where the figure matters: the review and the fee.
 */
export function formatExact(
  formatAmount: (amount: string, fractionDigits?: number) => string,
  amount: string,
  decimal: string,
  maxDigits = Number.POSITIVE_INFINITY,
): string {
  const digits = Math.min(amount.split('.')[1]?.replace(/0+$/, '').length ?? 0, maxDigits)
  const text = formatAmount(amount, digits)
  if (text.startsWith('<') || !text.includes(decimal)) return text
  return text.replace(new RegExp(`(\\${decimal}\\d*?)0+$`), '$1').replace(new RegExp(`\\${decimal}$`), '')
}
