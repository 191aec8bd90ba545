import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { hkdf } from '@noble/hashes/hkdf'
import { sha256 } from '@noble/hashes/sha2'
import { BaseError } from '@portico/core/errors'
import { base58 } from '@scure/base'
import { type Address, bytesToHex, type Hex, hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The keys of one embedded-wallet user, all derived from the user's seed. */
export interface FrameKeys {
  evmPrivateKey: Hex
  evmAddress: Address
  /** 64 bytes: the ed25519 seed followed by the public key, as Solana tools expect. */
  solanaSecretKey: Uint8Array
  /** The ed25519 public key in base58. */
  solanaAddress: string
}

/** A seed whose length is not 32 bytes, or that is not hex when given as a string. */
export class InvalidSeedError extends BaseError {
  override name = 'InvalidSeedError' as const
  constructor(detail: string) {
    super(`The wallet seed is invalid: ${detail}.`)
  }
}
export type InvalidSeedErrorType = InvalidSeedError & { name: 'InvalidSeedError' }

const SEED_LENGTH = 32
const EVM_INFO = 'portico/eip155'
const SOLANA_INFO = 'portico/solana'

/** Makes a fresh 32-byte seed from the browser's cryptographic random source. */
export function createSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_LENGTH))
}

/** Encodes a seed as the 0x-hex string the server stores. */
export function seedToHex(seed: Uint8Array): Hex {
  return bytesToHex(seed)
}

/** Derives the EVM and Solana keys of a seed with HKDF-SHA256; the same seed always gives the same keys. */
export function deriveKeys(seed: Uint8Array | Hex): FrameKeys {
  const seedBytes = typeof seed === 'string' ? parseSeedHex(seed) : seed
  if (seedBytes.length !== SEED_LENGTH)
    throw new InvalidSeedError(`expected ${SEED_LENGTH} bytes, got ${seedBytes.length}`)

  const evmKeyBytes = hkdf(sha256, seedBytes, undefined, EVM_INFO, 32)
  // A scalar of zero or ≥ n is not a valid secp256k1 key; the odds are ~2^-128, but failing loudly
  // beats deriving an address nobody can sign for.
  if (!secp256k1.utils.isValidPrivateKey(evmKeyBytes))
    throw new InvalidSeedError('it derives an invalid EVM key')
  const evmPrivateKey = bytesToHex(evmKeyBytes)

  const solanaSeed = hkdf(sha256, seedBytes, undefined, SOLANA_INFO, 32)
  const solanaPublicKey = ed25519.getPublicKey(solanaSeed)
  const solanaSecretKey = new Uint8Array(64)
  solanaSecretKey.set(solanaSeed, 0)
  solanaSecretKey.set(solanaPublicKey, 32)

  return {
    evmPrivateKey,
    evmAddress: privateKeyToAccount(evmPrivateKey).address,
    solanaSecretKey,
    solanaAddress: base58.encode(solanaPublicKey),
  }
}

function parseSeedHex(seed: string): Uint8Array {
  if (!/^0x[0-9a-fA-F]*$/.test(seed)) throw new InvalidSeedError('not 0x-prefixed hex')
  return hexToBytes(seed as Hex)
}
