/**
 * Bitcoin addresses and output scripts, per network: what the Esplora routes need to check an address
 * against the chain it is asked on, and to name the scripts of the transactions they return.
 */
import { bech32, bech32m } from 'bech32'
import bs58check from 'bs58check'

export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

interface AddressPrefixes {
  hrp: string
  pubKeyHash: number
  scriptHash: number
}

const PREFIXES: Record<BitcoinNetworkKind, AddressPrefixes> = {
  mainnet: { hrp: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 },
  // Testnet3, testnet4 and signet share these.
  testnet: { hrp: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4 },
  regtest: { hrp: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4 },
}

/** An address that is not one of `network`'s, with the reason in words. */
export class InvalidBitcoinAddressError extends Error {
  override readonly name = 'InvalidBitcoinAddressError' as const
}

const OP_0 = 0x00
const OP_1 = 0x51
const OP_16 = 0x60
const OP_DUP = 0x76
const OP_HASH160 = 0xa9
const OP_EQUAL = 0x87
const OP_EQUALVERIFY = 0x88
const OP_CHECKSIG = 0xac
const OP_RETURN = 0x6a

function otherNetworkOf(address: string): BitcoinNetworkKind | undefined {
  const lower = address.toLowerCase()
  if (lower.startsWith('bcrt1')) return 'regtest'
  if (lower.startsWith('bc1')) return 'mainnet'
  if (lower.startsWith('tb1')) return 'testnet'
  return undefined
}

/**
 * The output script an address pays, checked against `network`'s prefixes: a testnet address asked
 * on mainnet is refused by name. Bech32 for witness v0, bech32m for v1 and later (BIP-350).
 */
export function addressToOutputScript(address: string, network: BitcoinNetworkKind): Uint8Array {
  if (address.length < 14 || address.length > 90 || !/^[0-9A-Za-z]+$/.test(address)) {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" is not a Bitcoin address.`)
  }
  const prefixes = PREFIXES[network]
  const other = otherNetworkOf(address)
  if (other !== undefined && other !== network) {
    throw new InvalidBitcoinAddressError(`${clip(address)} is a ${other} address; this chain is ${network}.`)
  }
  if (other === network) return segwitScript(address, prefixes.hrp)
  let payload: Uint8Array
  try {
    payload = bs58check.decode(address)
  } catch {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" is not a Bitcoin address (bad base58 checksum).`)
  }
  if (payload.length !== 21)
    throw new InvalidBitcoinAddressError(`"${clip(address)}" is not a Bitcoin address.`)
  const version = payload[0]
  const hash = payload.subarray(1)
  if (version === prefixes.pubKeyHash) {
    return Uint8Array.of(OP_DUP, OP_HASH160, 20, ...hash, OP_EQUALVERIFY, OP_CHECKSIG)
  }
  if (version === prefixes.scriptHash) return Uint8Array.of(OP_HASH160, 20, ...hash, OP_EQUAL)
  const owner = (Object.keys(PREFIXES) as BitcoinNetworkKind[]).find(
    (kind) => PREFIXES[kind].pubKeyHash === version || PREFIXES[kind].scriptHash === version,
  )
  throw new InvalidBitcoinAddressError(
    owner
      ? `${clip(address)} is a ${owner} address; this chain is ${network}.`
      : `"${clip(address)}" is not a Bitcoin address (unknown version byte ${version}).`,
  )
}

function segwitScript(address: string, hrp: string): Uint8Array {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" mixes upper and lower case.`)
  }
  const lower = address.toLowerCase()
  const decoded = bech32.decodeUnsafe(lower) ?? bech32m.decodeUnsafe(lower)
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" is not a Bitcoin address (bad bech32 checksum).`)
  }
  const version = decoded.words[0] ?? -1
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1))
  // BIP-350: version 0 uses bech32, every later version bech32m; the other pairing is invalid.
  const isBech32 = bech32.decodeUnsafe(lower) !== undefined
  if (!program || version > 16 || (version === 0) !== isBech32) {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" is not a valid segwit address.`)
  }
  if (
    program.length < 2 ||
    program.length > 40 ||
    (version === 0 && program.length !== 20 && program.length !== 32)
  ) {
    throw new InvalidBitcoinAddressError(`"${clip(address)}" has a witness program of a wrong length.`)
  }
  return Uint8Array.of(version === 0 ? OP_0 : OP_1 + version - 1, program.length, ...program)
}

/** Esplora's name for an output script's type. */
export type ScriptType =
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'p2pk'
  | 'multisig'
  | 'op_return'
  | 'unknown'

function witnessProgram(script: Uint8Array): { version: number; program: Uint8Array } | undefined {
  const first = script[0] ?? -1
  const length = script[1] ?? -1
  if (script.length < 4 || script.length > 42 || length !== script.length - 2 || length < 2 || length > 40) {
    return undefined
  }
  if (first === OP_0) return { version: 0, program: script.subarray(2) }
  if (first >= OP_1 && first <= OP_16) return { version: first - OP_1 + 1, program: script.subarray(2) }
  return undefined
}

export function scriptType(script: Uint8Array): ScriptType {
  const s = script
  if (
    s.length === 25 &&
    s[0] === OP_DUP &&
    s[1] === OP_HASH160 &&
    s[2] === 20 &&
    s[23] === OP_EQUALVERIFY &&
    s[24] === OP_CHECKSIG
  ) {
    return 'p2pkh'
  }
  if (s.length === 23 && s[0] === OP_HASH160 && s[1] === 20 && s[22] === OP_EQUAL) return 'p2sh'
  if (s[0] === OP_RETURN) return 'op_return'
  const witness = witnessProgram(s)
  if (witness?.version === 0 && witness.program.length === 20) return 'v0_p2wpkh'
  if (witness?.version === 0 && witness.program.length === 32) return 'v0_p2wsh'
  if (witness?.version === 1 && witness.program.length === 32) return 'v1_p2tr'
  if ((s.length === 35 && s[0] === 33) || (s.length === 67 && s[0] === 65)) {
    if (s[s.length - 1] === OP_CHECKSIG) return 'p2pk'
  }
  if (s[s.length - 1] === 0xae) return 'multisig'
  return 'unknown'
}

/** The address an output script pays on `network`, when it has one (not OP_RETURN, bare multisig, …). */
export function outputScriptToAddress(script: Uint8Array, network: BitcoinNetworkKind): string | undefined {
  const prefixes = PREFIXES[network]
  switch (scriptType(script)) {
    case 'p2pkh':
      return bs58check.encode(Uint8Array.of(prefixes.pubKeyHash, ...script.subarray(3, 23)))
    case 'p2sh':
      return bs58check.encode(Uint8Array.of(prefixes.scriptHash, ...script.subarray(2, 22)))
    default: {
      const witness = witnessProgram(script)
      if (!witness) return undefined
      if (witness.version === 0 && witness.program.length !== 20 && witness.program.length !== 32)
        return undefined
      const words = [witness.version, ...bech32.toWords(witness.program)]
      return witness.version === 0 ? bech32.encode(prefixes.hrp, words) : bech32m.encode(prefixes.hrp, words)
    }
  }
}

/** The witness version of a segwit output script (0 for P2WPKH/P2WSH, 1 for taproot), else undefined. */
export function witnessVersion(script: Uint8Array): number | undefined {
  return witnessProgram(script)?.version
}

const OPCODE_NAMES: Record<number, string> = {
  0: 'OP_0',
  79: 'OP_PUSHNUM_NEG1',
  97: 'OP_NOP',
  106: 'OP_RETURN',
  117: 'OP_DROP',
  118: 'OP_DUP',
  135: 'OP_EQUAL',
  136: 'OP_EQUALVERIFY',
  169: 'OP_HASH160',
  172: 'OP_CHECKSIG',
  173: 'OP_CHECKSIGVERIFY',
  174: 'OP_CHECKMULTISIG',
  175: 'OP_CHECKMULTISIGVERIFY',
  177: 'OP_CLTV',
  178: 'OP_CSV',
}

/** A script in Esplora's assembly notation (`OP_0 OP_PUSHBYTES_20 <hex>`). */
export function scriptToAsm(script: Uint8Array): string {
  const parts: string[] = []
  let i = 0
  while (i < script.length) {
    const op = script[i] ?? 0
    i += 1
    let length = -1
    let name = ''
    if (op >= 0x01 && op <= 0x4b) {
      length = op
      name = `OP_PUSHBYTES_${op}`
    } else if (op >= 0x4c && op <= 0x4e) {
      const size = op === 0x4c ? 1 : op === 0x4d ? 2 : 4
      if (i + size > script.length) return [...parts, `<push past end>`].join(' ')
      length = 0
      for (let k = size - 1; k >= 0; k--) length = length * 256 + (script[i + k] ?? 0)
      i += size
      name = `OP_PUSHDATA${size === 4 ? 4 : size}`
    }
    if (length >= 0) {
      if (i + length > script.length) return [...parts, `${name} <push past end>`].join(' ')
      parts.push(name, toHex(script.subarray(i, i + length)))
      i += length
      continue
    }
    if (op >= OP_1 && op <= OP_16) parts.push(`OP_PUSHNUM_${op - OP_1 + 1}`)
    else parts.push(OPCODE_NAMES[op] ?? `OP_UNKNOWN_${op}`)
  }
  return parts.join(' ')
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex')
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}
