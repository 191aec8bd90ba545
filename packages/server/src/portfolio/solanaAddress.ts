/**
 * Base58 as Solana writes addresses, mints and signatures. Written out here because the server
 * depends on no Solana library: it only needs to check what a request or a config names.
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const VALUES = new Map([...ALPHABET].map((character, index) => [character, index]))

/** The bytes of a base58 string, or `undefined` when it holds a character base58 does not use. */
export function decodeBase58(text: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const character of text) {
    const value = VALUES.get(character)
    if (value === undefined) return undefined
    // bytes is little-endian while the number is built up: multiply by 58 and add the digit.
    let carry = value
    for (let index = 0; index < bytes.length; index++) {
      carry += (bytes[index] as number) * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' stands for a leading zero byte.
  for (const character of text) {
    if (character !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** Whether `text` is a Solana address: base58 of exactly 32 bytes (an ed25519 key or a program-derived address). */
export function isBase58Address(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false
  return decodeBase58(text)?.length === 32
}

/** Whether `text` is a transaction signature: base58 of exactly 64 bytes. */
export function isBase58Signature(text: string): boolean {
  if (text.length < 64 || text.length > 88) return false
  return decodeBase58(text)?.length === 64
}
