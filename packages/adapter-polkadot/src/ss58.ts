import { decodeBase58, encodeBase58 } from '@portico/core/adapter-kit'
import { blake2b } from './blake2b.js'

const ACCOUNT_BYTES = 32
const CHECKSUM_BYTES = 2
// 'SS58PRE', hashed before the prefix and the account id for the checksum.
const CHECKSUM_CONTEXT = new TextEncoder().encode('SS58PRE')

/** An SS58 address taken apart: the network prefix and the 32-byte account id (the public key). */
export interface Ss58Address {
  prefix: number
  accountId: Uint8Array
}

/**
 * The prefix and account id of an SS58 address of a 32-byte account, or undefined when `address`
 * is not one (bad characters, wrong length, wrong checksum).
 * @example
 * decodeSs58('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5') // { prefix: 0, accountId: Uint8Array(32) }
 */
export function decodeSs58(address: string): Ss58Address | undefined {
  if (typeof address !== 'string' || address.length < 40 || address.length > 52) return undefined
  const bytes = decodeBase58(address)
  const first = bytes?.[0]
  if (!bytes || first === undefined || first >= 128) return undefined
  // Prefixes 0–63 take one byte; 64–16383 take two, packed as SS58 describes.
  const prefixBytes = first < 64 ? 1 : 2
  if (bytes.length !== prefixBytes + ACCOUNT_BYTES + CHECKSUM_BYTES) return undefined
  const second = bytes[1]!
  const prefix =
    prefixBytes === 1 ? first : ((first & 0b0011_1111) << 2) | (second >> 6) | ((second & 0b0011_1111) << 8)
  const body = bytes.subarray(0, prefixBytes + ACCOUNT_BYTES)
  const checksum = checksumOf(body)
  if (checksum[0] !== bytes[body.length] || checksum[1] !== bytes[body.length + 1]) return undefined
  return { prefix, accountId: bytes.slice(prefixBytes, prefixBytes + ACCOUNT_BYTES) }
}

/**
 * Writes a 32-byte account id as an SS58 address of network `prefix` (0–16383).
 * @example
 * encodeSs58(publicKey, 0) // '15oF4…' on Polkadot
 */
export function encodeSs58(accountId: Uint8Array, prefix: number): string {
  if (accountId.length !== ACCOUNT_BYTES) throw new RangeError('An SS58 account id is 32 bytes.')
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > 16383 || prefix === 46 || prefix === 47)
    throw new RangeError(`${prefix} is not an SS58 network prefix.`)
  const prefixBytes =
    prefix < 64
      ? [prefix]
      : [((prefix & 0b1111_1100) >> 2) | 0b0100_0000, (prefix >> 8) | ((prefix & 0b11) << 6)]
  const body = new Uint8Array([...prefixBytes, ...accountId])
  return encodeBase58(new Uint8Array([...body, ...checksumOf(body)]))
}

/**
 * How an address reads on a network: `valid` for an address of its prefix, `otherPrefix` for a
 * valid address written for another network, `invalid` for anything else.
 */
export function checkSs58Address(address: string, prefix: number): 'valid' | 'otherPrefix' | 'invalid' {
  const decoded = decodeSs58(address)
  if (!decoded) return 'invalid'
  return decoded.prefix === prefix ? 'valid' : 'otherPrefix'
}

/** Whether two addresses name the same account, whatever their prefixes. */
export function sameAccount(a: string, b: string): boolean {
  const left = decodeSs58(a)
  const right = decodeSs58(b)
  return !!left && !!right && left.accountId.every((byte, index) => byte === right.accountId[index])
}

function checksumOf(body: Uint8Array): Uint8Array {
  const input = new Uint8Array(CHECKSUM_CONTEXT.length + body.length)
  input.set(CHECKSUM_CONTEXT)
  input.set(body, CHECKSUM_CONTEXT.length)
  return blake2b(input, 64).subarray(0, CHECKSUM_BYTES)
}
