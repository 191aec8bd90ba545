import { ed25519 } from '@noble/curves/ed25519'
import { isCaipNetworkId } from '@portico/core'
import { base58 } from '@scure/base'
import type { SiwxVerifier } from '../verifier.js'

/** The bytes of a base58 string, or undefined when it is not base58. */
function fromBase58(value: string): Uint8Array | undefined {
  try {
    return base58.decode(value)
  } catch {
    return undefined
  }
}

/**
 * Verifies Solana sign-in signatures: the base58 ed25519 signature of the message's UTF-8 bytes
 * (Wallet Standard `solana:signMessage`) by the account's public key, which is its address.
 *
 * @example
 * createBrowserSiwxStorage({ verifiers: [solanaVerifier()] })
 */
export function solanaVerifier(): SiwxVerifier {
  return {
    namespace: 'solana',
    supports: (chainId) => isCaipNetworkId(chainId, 'solana'),
    async verify({ data, message, signature }) {
      const publicKey = fromBase58(data.accountAddress)
      const signatureBytes = fromBase58(signature)
      if (publicKey?.length !== 32 || signatureBytes?.length !== 64) return false
      try {
        // zip215 off: RFC 8032's strict checks refuse non-canonical encodings, so one signed
        // message has one accepted signature.
        return ed25519.verify(signatureBytes, new TextEncoder().encode(message), publicKey, { zip215: false })
      } catch {
        return false
      }
    },
    signatureType: () => 'solana:ed25519',
  }
}
