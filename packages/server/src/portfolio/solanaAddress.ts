/**
 * Solana addresses, mints and signatures as the server checks them: base58 (the adapter kit's, as
 * the Solana adapter uses) of the right length. The server depends on no Solana library.
 */
import { decodeBase58 } from '@portico/core/adapter-kit'

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
