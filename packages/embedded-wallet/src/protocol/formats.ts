/** A transaction hash as an RPC result (SPEC §5): 0x and 64 hex characters. */
export const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/

/** A signature as an RPC result (SPEC §5): 0x and at least 62 hex characters. */
export const SIGNED_MESSAGE = /^0x[0-9a-fA-F]{62,}$/

/** True when `value` is a transaction hash in the SPEC §5 format. */
export function isTransactionHash(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && TRANSACTION_HASH.test(value)
}

/** True when `value` is a signed message in the SPEC §5 format. */
export function isSignedMessage(value: unknown): value is `0x${string}` {
  return typeof value === 'string' && SIGNED_MESSAGE.test(value)
}
