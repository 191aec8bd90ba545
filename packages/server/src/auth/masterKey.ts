/**
 * The server's master key for the e-mail login: 32 bytes given as hex or base64. Nothing is
 * encrypted or hashed with it directly; each use gets its own key derived with HKDF, so a code hash
 * can never be mistaken for, or turned into, a wallet key.
 */
import { hkdfSync } from 'node:crypto'
import { BaseError } from '@portico/core/errors'

/** The master key is not 32 bytes of hex or base64. */
export class InvalidMasterKeyError extends BaseError {
  override name = 'InvalidMasterKeyError' as const
}
export type InvalidMasterKeyErrorType = InvalidMasterKeyError & { name: 'InvalidMasterKeyError' }

/** The keys derived from the master key, one per purpose. */
export interface AuthKeys {
  /** HMAC-SHA256 key of one-time codes and device-approval tokens. */
  codeKey: Buffer
  /** AES-256-GCM key that wraps each user's data key. */
  wrapKey: Buffer
}

const HEX = /^(?:0x)?([0-9a-fA-F]{64})$/
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/

/**
 * Reads a 32-byte key written as 64 hex digits (optionally 0x-prefixed) or as base64/base64url;
 * throws `InvalidMasterKeyError` for anything else.
 */
export function parseMasterKey(text: string): Buffer {
  const value = text.trim()
  const hex = HEX.exec(value)
  if (hex?.[1]) return Buffer.from(hex[1], 'hex')
  if (BASE64.test(value)) {
    const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    if (bytes.length === 32) return bytes
  }
  throw new InvalidMasterKeyError(
    'The master key must be 32 bytes written as 64 hex digits or as base64; make one with: openssl rand -hex 32',
  )
}

/**
 * The master key of the e-mail login: `auth.masterKey`, else the `PORTICO_MASTER_KEY` variable
 * (empty counts as unset); undefined when neither is set, which turns the login off. Throws
 * `InvalidMasterKeyError` naming the one that is malformed.
 * @example
 * const masterKey = readMasterKey(config.auth.masterKey, process.env)
 */
export function readMasterKey(
  configured: string | undefined,
  env: Record<string, string | undefined>,
): Buffer | undefined {
  const fromEnv = env.PORTICO_MASTER_KEY
  const text = configured ?? (fromEnv === '' ? undefined : fromEnv)
  if (text === undefined) return undefined
  try {
    return parseMasterKey(text)
  } catch (error) {
    if (!(error instanceof InvalidMasterKeyError)) throw error
    const source = configured !== undefined ? 'auth.masterKey' : 'PORTICO_MASTER_KEY'
    throw new InvalidMasterKeyError(`${source} is not valid. ${error.message}`, { cause: error })
  }
}

function derive(masterKey: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), info, 32))
}

/** Derives the code-hashing and key-wrapping keys from the master key. */
export function deriveAuthKeys(masterKey: Buffer): AuthKeys {
  return {
    codeKey: derive(masterKey, 'portico/auth/code-hmac'),
    wrapKey: derive(masterKey, 'portico/auth/wallet-wrap'),
  }
}
