import { decodeBase58 } from '@portico/core/adapter-kit'

const ADDRESS_BYTES = 32

/** Whether a string is a Solana address: 32 to 44 base58 characters that read as 32 bytes (kit's `isAddress` rule). */
export function isSolanaAddress(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 32 &&
    value.length <= 44 &&
    decodeBase58(value)?.length === ADDRESS_BYTES
  )
}
