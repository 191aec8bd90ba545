import { decodeBase58 } from '@portico/core/adapter-kit'
import { ADDRESS_FORMATS, type BitcoinAddressFormat } from './networks.js'
import { sha256 } from './sha256.js'

/** The address kinds a wallet can pay to; each has its own output script and dust limit. */
export type BitcoinAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr'

export interface DecodedBitcoinAddress {
  type: BitcoinAddressType
  format: BitcoinAddressFormat
  /** The output script (scriptPubKey) that pays the address. */
  script: Uint8Array
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: readonly number[]): number {
  let checksum = 1
  for (const value of values) {
    const top = checksum >>> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= GENERATOR[bit]!
  }
  return checksum >>> 0
}

function expandPrefix(prefix: string): number[] {
  const codes = [...prefix].map((char) => char.charCodeAt(0))
  return [...codes.map((code) => code >>> 5), 0, ...codes.map((code) => code & 31)]
}

/** Regroups bits (5 → 8), refusing padding that BIP-173 forbids. */
function fromWords(words: readonly number[]): Uint8Array | undefined {
  let accumulator = 0
  let bits = 0
  const bytes: number[] = []
  for (const word of words) {
    accumulator = (accumulator << 5) | word
    bits += 5
    while (bits >= 8) {
      bits -= 8
      bytes.push((accumulator >>> bits) & 0xff)
    }
  }
  if (bits >= 5 || (accumulator << (8 - bits)) & 0xff) return undefined
  return Uint8Array.from(bytes)
}

/** A segwit address (BIP-173 bech32 for v0, BIP-350 bech32m for v1+), or undefined. */
function decodeSegwit(address: string): DecodedBitcoinAddress | undefined {
  if (address.length > 90) return undefined
  const lower = address.toLowerCase()
  // Mixed case is invalid; an all-upper address is the same address.
  if (address !== lower && address !== address.toUpperCase()) return undefined
  const separator = lower.lastIndexOf('1')
  if (separator < 1 || lower.length - separator - 1 < 6) return undefined
  const prefix = lower.slice(0, separator)
  const format = ADDRESS_FORMATS.find((candidate) => candidate.bech32 === prefix)
  if (!format) return undefined
  const data: number[] = []
  for (const char of lower.slice(separator + 1)) {
    const value = CHARSET.indexOf(char)
    if (value === -1) return undefined
    data.push(value)
  }
  const check = polymod([...expandPrefix(prefix), ...data])
  const version = data[0]!
  if (check !== (version === 0 ? BECH32_CONST : BECH32M_CONST) || version > 16) return undefined
  const program = fromWords(data.slice(1, -6))
  if (program === undefined || program.length < 2 || program.length > 40) return undefined
  const script = Uint8Array.from([version === 0 ? 0 : 0x50 + version, program.length, ...program])
  if (version === 0 && program.length === 20) return { type: 'p2wpkh', format, script }
  if (version === 0 && program.length === 32) return { type: 'p2wsh', format, script }
  if (version === 1 && program.length === 32) return { type: 'p2tr', format, script }
  // Future witness versions are valid addresses, but no wallet here can be asked to pay them.
  return undefined
}

function decodeBase58Check(address: string): DecodedBitcoinAddress | undefined {
  if (address.length < 26 || address.length > 35) return undefined
  let bytes: Uint8Array | undefined
  try {
    bytes = decodeBase58(address)
  } catch {
    return undefined
  }
  if (bytes?.length !== 25) return undefined
  const payload = bytes.subarray(0, 21)
  const checksum = sha256(sha256(payload)).subarray(0, 4)
  if (!checksum.every((byte, index) => byte === bytes[21 + index])) return undefined
  const version = payload[0]!
  const hash = payload.subarray(1)
  // Regtest and testnet share the base58 versions: the first format that matches names it.
  for (const format of ADDRESS_FORMATS) {
    if (version === format.pubKeyHash)
      return { type: 'p2pkh', format, script: Uint8Array.from([0x76, 0xa9, 20, ...hash, 0x88, 0xac]) }
    if (version === format.scriptHash)
      return { type: 'p2sh', format, script: Uint8Array.from([0xa9, 20, ...hash, 0x87]) }
  }
  return undefined
}

/**
 * Decodes a Bitcoin address of any chain, checksum included: P2PKH and P2SH (base58check), P2WPKH
 * and P2WSH (bech32), P2TR (bech32m). Undefined for anything else.
 */
export function decodeBitcoinAddress(address: string): DecodedBitcoinAddress | undefined {
  if (typeof address !== 'string' || address.trim() !== address) return undefined
  return decodeSegwit(address) ?? decodeBase58Check(address)
}

/**
 * Whether `address` pays on a chain with `format`. Base58 addresses of testnet and regtest share
 * their version bytes, so a base58 testnet address is accepted on regtest and the reverse.
 */
export function isAddressOfFormat(decoded: DecodedBitcoinAddress, format: BitcoinAddressFormat): boolean {
  if (decoded.format === format) return true
  const isBase58 = decoded.type === 'p2pkh' || decoded.type === 'p2sh'
  return isBase58 && decoded.format.pubKeyHash === format.pubKeyHash
}

/** Bitcoin Core's dust limits at the default 3 sat/vB dust relay fee, per output type. */
export const DUST_LIMITS: Readonly<Record<BitcoinAddressType, bigint>> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n,
}
