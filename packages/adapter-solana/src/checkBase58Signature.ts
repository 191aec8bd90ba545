import { InvalidResponseError } from '@portico/core'
import { getBase58Encoder } from '@solana/kit'

const SIGNATURE_BYTES = 64
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

/** A base58 signature a wallet answered, checked to be 64 bytes; InvalidResponseError otherwise. */
export function checkBase58Signature(value: unknown, what = 'transaction signature'): string {
  if (typeof value === 'string' && BASE58_SIGNATURE.test(value)) {
    try {
      if (getBase58Encoder().encode(value).length === SIGNATURE_BYTES) return value
    } catch {
      // Not base58 after all (kit is stricter than the pattern): the error below says so.
    }
  }
  throw new InvalidResponseError(what)
}
