import { InvalidResponseError } from '@portico/core'

// The encodings wallets answer in: the Wallet Standard and Phantom speak bytes, Unisat-style
// wallets hex, sats-connect and the adapter base64. Small enough to stay in the eager entry.

/** Bytes as lower-case hex. */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

/** Hex as bytes; a wallet's answer that is not even-length hex is an invalid response about `what`. */
export function fromHex(value: unknown, what: string): Uint8Array {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length % 2 !== 0 ||
    !/^[0-9a-f]*$/i.test(value)
  )
    throw new InvalidResponseError(what, { details: 'not hex' })
  const out = new Uint8Array(value.length / 2)
  for (let index = 0; index < out.length; index++)
    out[index] = Number.parseInt(value.slice(index * 2, index * 2 + 2), 16)
  return out
}

/** Bytes as standard base64. */
export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Base64 as bytes (the adapter's own PSBTs: always well-formed). */
export function fromBase64(value: string): Uint8Array {
  const binary = atob(value)
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

/** A wallet's byte answer: a non-empty `Uint8Array`, else an invalid response about `what`. */
export function requireBytes(value: unknown, what: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length === 0)
    throw new InvalidResponseError(what, { details: 'not bytes' })
  return value
}

/** A transaction id as a wallet that broadcast answers it: 64 hex digits. */
export function requireTxid(value: unknown): string {
  if (typeof value !== 'string' || !/^[0-9a-f]{64}$/i.test(value))
    throw new InvalidResponseError('transaction id', { details: String(value) })
  return value.toLowerCase()
}
