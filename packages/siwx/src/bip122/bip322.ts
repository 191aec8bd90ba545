import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { crypto, payments, Transaction } from 'bitcoinjs-lib'
import { type BitcoinOutput, nestedSegwitHash, sameBytes } from './bitcoinScripts.js'

const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** BIP-322's message hash: the tagged hash "BIP0322-signed-message" of the message's UTF-8 bytes. */
function bip322MessageHash(message: string): Uint8Array {
  return sha256.create().update(TAG).update(TAG).update(new TextEncoder().encode(message)).digest()
}

/** Reads a serialized witness stack; undefined unless the bytes are exactly one, minimally encoded. */
export function readWitnessStack(bytes: Uint8Array): Uint8Array[] | undefined {
  let offset = 0
  const readSize = (): number | undefined => {
    const first = bytes[offset]
    if (first === undefined) return undefined
    offset += 1
    if (first < 0xfd) return first
    const width = first === 0xfd ? 2 : first === 0xfe ? 4 : 0
    // Eight-byte sizes cannot fit in a sign-in signature, so they are refused outright.
    if (width === 0 || offset + width > bytes.length) return undefined
    let size = 0
    for (let i = width - 1; i >= 0; i--) size = size * 256 + bytes[offset + i]!
    offset += width
    return size >= (width === 2 ? 0xfd : 0x10000) ? size : undefined
  }
  const count = readSize()
  if (count === undefined) return undefined
  const items: Uint8Array[] = []
  for (let i = 0; i < count; i++) {
    const length = readSize()
    if (length === undefined || offset + length > bytes.length) return undefined
    items.push(bytes.subarray(offset, offset + length))
    offset += length
  }
  return offset === bytes.length ? items : undefined
}

/** BIP-322's virtual to_sign transaction, spending the to_spend output that commits to the message. */
function toSignTransaction(message: string, scriptPubKey: Uint8Array): Transaction {
  const scriptSig = new Uint8Array(34)
  scriptSig.set([0x00, 0x20])
  scriptSig.set(bip322MessageHash(message), 2)
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.locktime = 0
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, scriptSig)
  toSpend.addOutput(scriptPubKey, 0n)

  const toSign = new Transaction()
  toSign.version = 0
  toSign.locktime = 0
  toSign.addInput(toSpend.getHash(), 0, 0)
  toSign.addOutput(Uint8Array.of(0x6a), 0n)
  return toSign
}

/** A P2WPKH spend (also nested in P2SH): `[DER signature ‖ SIGHASH_ALL, compressed public key]`. */
function verifyKeyHashSpend(
  message: string,
  scriptPubKey: Uint8Array,
  witness: Uint8Array[],
  keyMatches: (publicKey: Uint8Array) => boolean,
): boolean {
  const [signature, publicKey] = witness
  if (witness.length !== 2 || !signature || publicKey?.length !== 33 || !keyMatches(publicKey)) return false
  // Wallets sign the virtual transaction with SIGHASH_ALL; other types commit to less of it.
  if (signature.at(-1) !== Transaction.SIGHASH_ALL) return false
  const scriptCode = payments.p2pkh({ hash: crypto.hash160(publicKey) }).output!
  const sighash = toSignTransaction(message, scriptPubKey).hashForWitnessV0(
    0,
    scriptCode,
    0n,
    Transaction.SIGHASH_ALL,
  )
  return secp256k1.verify(signature.subarray(0, -1), sighash, publicKey, {
    prehash: false,
    format: 'der',
    lowS: true,
  })
}

/** A taproot key-path spend: one 64-byte Schnorr signature, or 65 with SIGHASH_ALL appended. */
function verifyKeyPathSpend(
  message: string,
  scriptPubKey: Uint8Array,
  witness: Uint8Array[],
  outputKey: Uint8Array,
): boolean {
  const [signature] = witness
  if (witness.length !== 1 || !signature) return false
  let hashType: number
  if (signature.length === 64) hashType = Transaction.SIGHASH_DEFAULT
  else if (signature.length === 65 && signature[64] === Transaction.SIGHASH_ALL)
    hashType = Transaction.SIGHASH_ALL
  else return false
  const sighash = toSignTransaction(message, scriptPubKey).hashForWitnessV1(0, [scriptPubKey], [0n], hashType)
  // The address carries the tweaked output key itself, which is what a key-path spend signs with.
  return schnorr.verify(signature.subarray(0, 64), sighash, outputKey)
}

/**
 * Whether `signature` (the serialized witness stack) is a BIP-322 "simple" signature of `message`
 * for the output `scriptPubKey`: P2WPKH, P2SH-P2WPKH, or a P2TR key-path spend.
 */
export function verifyBip322Simple(
  message: string,
  signature: Uint8Array,
  scriptPubKey: Uint8Array,
  output: BitcoinOutput,
): boolean {
  const witness = readWitnessStack(signature)
  if (!witness) return false
  try {
    switch (output.type) {
      case 'p2wpkh':
        return verifyKeyHashSpend(message, scriptPubKey, witness, (key) =>
          sameBytes(crypto.hash160(key), output.hash),
        )
      case 'p2sh':
        return verifyKeyHashSpend(message, scriptPubKey, witness, (key) =>
          sameBytes(nestedSegwitHash(key), output.hash),
        )
      case 'p2tr':
        return verifyKeyPathSpend(message, scriptPubKey, witness, output.outputKey)
      default:
        // P2PKH cannot be spent by a witness: it signs with the legacy format instead.
        return false
    }
  } catch {
    return false
  }
}
