// Base58 (Bitcoin's alphabet, as Solana uses it) for the adapter's eager entry. @solana/kit's codec
// would do, but it brings @solana/errors' message table (~38 KB) into every page that only connects.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGITS = new Map([...ALPHABET].map((character, index) => [character, index]))
const ADDRESS_BYTES = 32

/** Writes bytes as base58; each leading zero byte becomes a leading '1'. */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // The number's base-58 digits, least significant first.
  const digits: number[] = []
  for (let index = zeros; index < bytes.length; index++) {
    let carry = bytes[index]!
    for (let digit = 0; digit < digits.length; digit++) {
      carry += digits[digit]! * 256
      digits[digit] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let text = '1'.repeat(zeros)
  for (let digit = digits.length - 1; digit >= 0; digit--) text += ALPHABET[digits[digit]!]
  return text
}

/** Reads base58 into bytes; undefined when the text has a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  // The number's bytes, least significant first.
  const bytes: number[] = []
  for (let index = zeros; index < text.length; index++) {
    let carry = DIGITS.get(text[index]!)
    if (carry === undefined) return undefined
    for (let byte = 0; byte < bytes.length; byte++) {
      carry += bytes[byte]! * 58
      bytes[byte] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const result = new Uint8Array(zeros + bytes.length)
  for (let index = 0; index < bytes.length; index++) result[zeros + index] = bytes[bytes.length - 1 - index]!
  return result
}

/** Whether a string is a Solana address: 32 to 44 base58 characters that read as 32 bytes (kit's `isAddress` rule). */
export function isSolanaAddress(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 32 &&
    value.length <= 44 &&
    decodeBase58(value)?.length === ADDRESS_BYTES
  )
}
