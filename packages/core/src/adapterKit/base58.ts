// Base58 (Bitcoin's alphabet, which Solana and Bitcoin addresses use) small enough for an adapter's
// eager entry: a chain SDK's codec would do, but @solana/kit's, for one, brings @solana/errors'
// message table (~38 KB) into every page that only connects.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGITS = new Map([...ALPHABET].map((character, index) => [character, index]))

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
