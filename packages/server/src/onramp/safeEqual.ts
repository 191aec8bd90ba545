import { timingSafeEqual } from 'node:crypto'

/** Compares two signatures in constant time (for equal lengths), so a forger learns nothing from timing. */
export function safeEqualText(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}
