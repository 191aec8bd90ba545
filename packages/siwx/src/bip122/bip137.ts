import { secp256k1 } from '@noble/curves/secp256k1'
import { crypto } from 'bitcoinjs-lib'
import { type BitcoinOutput, nestedSegwitHash, sameBytes } from './bitcoinScripts.js'

const MESSAGE_MAGIC = new TextEncoder().encode('Bitcoin Signed Message:\n')

/** Bitcoin's CompactSize length prefix. */
function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length)
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >>> 8)
  return Uint8Array.of(0xfe, length & 0xff, (length >>> 8) & 0xff, (length >>> 16) & 0xff, length >>> 24)
}

/** The hash a legacy signed message signs: double SHA-256 of the magic prefix and the message. */
function legacyMessageHash(message: string): Uint8Array {
  const text = new TextEncoder().encode(message)
  const parts = [compactSize(MESSAGE_MAGIC.length), MESSAGE_MAGIC, compactSize(text.length), text]
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    bytes.set(part, offset)
    offset += part.length
  }
  return crypto.hash256(bytes)
}

/** Whether the bytes look like a 65-byte compact recoverable signature with a BIP-137 header. */
export function isBip137Signature(signature: Uint8Array): boolean {
  const header = signature[0] ?? 0
  return signature.length === 65 && header >= 27 && header <= 42
}

/**
 * Whether `signature` is a legacy signed message ("Bitcoin Signed Message:\n", BIP-137) of
 * `message` by the key behind `output`, a P2PKH, P2SH-P2WPKH or P2WPKH output.
 */
export function verifyBip137(message: string, signature: Uint8Array, output: BitcoinOutput): boolean {
  if (!isBip137Signature(signature) || output.type === 'p2tr') return false
  const header = signature[0]!
  const compressed = header >= 31
  let publicKey: Uint8Array
  try {
    publicKey = secp256k1.Signature.fromCompact(signature.subarray(1))
      .addRecoveryBit((header - 27) & 3)
      .recoverPublicKey(legacyMessageHash(message))
      .toRawBytes(compressed)
  } catch {
    return false
  }
  // The header's address type (31–34 P2PKH, 35–38 P2SH-P2WPKH, 39–42 P2WPKH) is only a hint:
  // Electrum and others sign segwit addresses with 31–34, so any compressed header may match any
  // of the three. The address is still bound to the recovered key.
  if (output.type === 'p2pkh') return sameBytes(crypto.hash160(publicKey), output.hash)
  if (!compressed) return false
  if (output.type === 'p2wpkh') return sameBytes(crypto.hash160(publicKey), output.hash)
  return sameBytes(nestedSegwitHash(publicKey), output.hash)
}
