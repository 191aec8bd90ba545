/**
 * E-mail addresses of the e-mail login, normalised before every limit and lookup and stored so:
 * trimmed, Unicode NFC, lower-cased whole. RFC 5321 lets a mail server tell `Ann` from `ann`, but
 * no real one does, and keeping the case let one inbox be two accounts with two cool-downs and two
 * daily caps. Rows stored before (local part as typed) are lower-cased by migration 007.
 */
import { BaseError } from '@portico/core/errors'

/** The address is not one the server can mail a code to. */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError' as const
}
export type InvalidEmailErrorType = InvalidEmailError & { name: 'InvalidEmailError' }

// A practical subset of RFC 5322: a dot-atom local part and a domain of dotted DNS labels ending in a
// letter TLD. Quoted local parts and IP-literal domains are refused; they are not worth the risk here.
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const TLD = /^[a-z]{2,63}$|^xn--[a-z0-9-]{1,59}$/

/**
 * Trims the address, composes it (NFC), lower-cases it and checks it; throws `InvalidEmailError`
 * saying why when it cannot be an address.
 * @example
 * normaliseEmail('  Ann@Example.COM ') // 'ann@example.com'
 */
export function normaliseEmail(input: string): string {
  const value = input.trim().normalize('NFC').toLowerCase()
  const at = value.lastIndexOf('@')
  const local = value.slice(0, Math.max(at, 0))
  const domain = value.slice(at + 1)
  const labels = domain.split('.')
  const valid =
    at > 0 &&
    value.length <= 254 &&
    local.length <= 64 &&
    LOCAL.test(local) &&
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TLD.test(labels.at(-1) ?? '')
  if (!valid) {
    throw new InvalidEmailError(
      `"${value.slice(0, 100)}" is not an e-mail address: write it as name@example.com.`,
    )
  }
  return `${local}@${domain}`
}
