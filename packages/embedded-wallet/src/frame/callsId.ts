import { hmac } from '@noble/hashes/hmac'
import { sha256 } from '@noble/hashes/sha2'
import { bytesToHex, concatBytes, type Hex, hexToBytes, numberToHex, stringToBytes } from 'viem'

// A bundle id carries everything wallet_getCallsStatus needs, so it keeps working after the frame
// reloads, on another device of the same user, or in a second tab: nothing is stored anywhere.
//
//   version (1 byte) | chain id (8 bytes) | transaction hashes (32 bytes each) | tag (16 bytes)
//
// A smart account's bundle is one user operation: version 2, and its one hash is the operation's.
//
// The tag is an HMAC keyed from the wallet's private key, so an id this wallet did not issue is
// unknown (EIP-5792 5730) instead of being read as a status for somebody else's transactions.
const FORMAT_VERSION = 1
const USER_OPERATION_VERSION = 2
const HEADER_BYTES = 1 + 8
const HASH_BYTES = 32
const TAG_BYTES = 16
/** EIP-5792 v2 allows bundle ids of up to 4096 bytes. */
const MAX_ID_BYTES = 4096

/** The most calls one bundle id can name (127). */
export const MAX_CALLS_PER_BUNDLE = Math.floor((MAX_ID_BYTES - HEADER_BYTES - TAG_BYTES) / HASH_BYTES)

/** What a bundle id stands for: the chain its calls went to and their transactions, in order. */
export interface CallsBundle {
  chainId: number
  hashes: Hex[]
  /** True when `hashes` holds one ERC-4337 user operation hash (a smart account's atomic batch). */
  userOperation?: boolean
}

export interface CallsIdCodec {
  /** The id of a bundle of one or more sent transactions. */
  encode(bundle: CallsBundle): Hex
  /** The bundle behind an id this wallet issued, or undefined for any other string. */
  decode(id: unknown): CallsBundle | undefined
}

/** Creates the encoder and checker of the stateless bundle ids of one wallet key. */
export function createCallsIdCodec(privateKey: Hex): CallsIdCodec {
  // A key of its own, so the tag never feeds the signing key itself into anything but HMAC.
  const key = hmac(sha256, hexToBytes(privateKey), stringToBytes('portico/embedded-wallet/calls-id/v1'))
  const tagOf = (body: Uint8Array) => hmac(sha256, key, body).subarray(0, TAG_BYTES)

  return {
    encode({ chainId, hashes, userOperation }) {
      if (userOperation && hashes.length !== 1)
        throw new RangeError(`A user operation's bundle id names one operation, not ${hashes.length}.`)
      if (hashes.length === 0 || hashes.length > MAX_CALLS_PER_BUNDLE)
        throw new RangeError(
          `A bundle id names 1 to ${MAX_CALLS_PER_BUNDLE} transactions, not ${hashes.length}.`,
        )
      const body = concatBytes([
        Uint8Array.of(userOperation ? USER_OPERATION_VERSION : FORMAT_VERSION),
        hexToBytes(numberToHex(chainId, { size: 8 })),
        ...hashes.map((hash) => hexToBytes(hash, { size: HASH_BYTES })),
      ])
      return bytesToHex(concatBytes([body, tagOf(body)]))
    },
    decode(id) {
      if (typeof id !== 'string' || !/^0x(?:[0-9a-fA-F]{2})+$/.test(id)) return undefined
      const bytes = hexToBytes(id as Hex)
      const hashBytes = bytes.length - HEADER_BYTES - TAG_BYTES
      if (bytes.length > MAX_ID_BYTES || hashBytes < HASH_BYTES || hashBytes % HASH_BYTES !== 0)
        return undefined
      const userOperation = bytes[0] === USER_OPERATION_VERSION
      if (bytes[0] !== FORMAT_VERSION && !(userOperation && hashBytes === HASH_BYTES)) return undefined
      const body = bytes.subarray(0, bytes.length - TAG_BYTES)
      if (!sameBytes(tagOf(body), bytes.subarray(bytes.length - TAG_BYTES))) return undefined
      const chainId = Number(BigInt(bytesToHex(bytes.subarray(1, HEADER_BYTES))))
      if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
      const hashes: Hex[] = []
      for (let offset = HEADER_BYTES; offset < body.length; offset += HASH_BYTES)
        hashes.push(bytesToHex(body.subarray(offset, offset + HASH_BYTES)))
      return userOperation ? { chainId, hashes, userOperation } : { chainId, hashes }
    },
  }
}

// Constant time, so the response time says nothing about how much of a forged tag was right.
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0)
  return difference === 0
}
