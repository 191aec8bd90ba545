import { InvalidResponseError } from '@portico/core'
import { decodeBase58 } from '@portico/core/adapter-kit'

const SIGNATURE_BYTES = 64
const BASE58_SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

/** A base58 signature a wallet answered, checked to be 64 bytes; InvalidResponseError otherwise. */
export function checkBase58Signature(value: unknown, what = 'transaction signature'): string {
  if (
    typeof value === 'string' &&
    BASE58_SIGNATURE.test(value) &&
    decodeBase58(value)?.length === SIGNATURE_BYTES
  )
    return value
  throw new InvalidResponseError(what)
}
