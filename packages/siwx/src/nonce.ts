const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random nonce of letters and digits (EIP-4361: at least 8), from the platform's CSPRNG. */
export function createSiwxNonce(length = 20): string {
  const bytes = new Uint8Array(length)
  let nonce = ''
  while (nonce.length < length) {
    crypto.getRandomValues(bytes)
    // 248 = 4 × 62: bytes above it are skipped so every character is equally likely.
    for (const byte of bytes) if (byte < 248 && nonce.length < length) nonce += ALPHABET[byte % 62]
  }
  return nonce
}
