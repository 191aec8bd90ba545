import ecc from '@bitcoinerlab/secp256k1'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { crypto as bitcoinCrypto, initEccLib, type Network, Psbt, payments, Transaction } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

/** One account of the test wallet: a P2WPKH payment key and a P2TR ordinals key. */
export interface TestBitcoinAccountKeys {
  payment: { address: string; publicKey: string; key: ECPairInterface; script: Uint8Array }
  ordinals: {
    address: string
    publicKey: string
    key: ECPairInterface
    tweaked: ECPairInterface
    script: Uint8Array
  }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * Test key `index`'s private key, as `bitcoinTestKey(index)` in @portico/test/bitcoin derives it, so
 * the wallet's accounts are the ones the demo's node and the e2e setup fund.
 */
export function testPrivateKey(index: number): Uint8Array {
  return sha256(new TextEncoder().encode(`portico bitcoin test key ${index}`))
}

export function deriveAccountKeys(
  paymentKey: Uint8Array,
  ordinalsKey: Uint8Array,
  network: Network,
): TestBitcoinAccountKeys {
  const payment = ECPair.fromPrivateKey(paymentKey, { network })
  const p2wpkh = payments.p2wpkh({ pubkey: payment.publicKey, network })
  const ordinals = ECPair.fromPrivateKey(ordinalsKey, { network })
  const internalKey = ordinals.publicKey.subarray(1, 33)
  const p2tr = payments.p2tr({ internalPubkey: internalKey, network })
  // BIP-86 key-path spend: the key tweaked by the hash of the internal key alone.
  const tweaked = ordinals.tweak(bitcoinCrypto.taggedHash('TapTweak', internalKey))
  return {
    payment: {
      address: p2wpkh.address!,
      publicKey: hex(payment.publicKey),
      key: payment,
      script: p2wpkh.output!,
    },
    ordinals: {
      address: p2tr.address!,
      publicKey: hex(internalKey),
      key: ordinals,
      tweaked,
      script: p2tr.output!,
    },
  }
}

function varint(value: number): Uint8Array {
  if (value < 0xfd) return Uint8Array.of(value)
  if (value <= 0xffff) return Uint8Array.of(0xfd, value & 0xff, value >> 8)
  return Uint8Array.of(0xfe, value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24)
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/**
 * A legacy signed message (BIP-137) by a P2WPKH key: the recoverable signature of the message's
 * double-SHA256 under "Bitcoin Signed Message:\n", with header 39 + recovery id (native segwit).
 */
export function signBip137(message: string, key: ECPairInterface): string {
  const prefix = new TextEncoder().encode('\u0018Bitcoin Signed Message:\n')
  const body = new TextEncoder().encode(message)
  const hash = sha256(sha256(concat(prefix, varint(body.length), body)))
  const signature = secp256k1.sign(hash, key.privateKey!, { lowS: true })
  return toBase64(concat(Uint8Array.of(39 + signature.recovery), signature.toCompactRawBytes()))
}

/**
 * A BIP-322 "simple" signature: the witness of the virtual to_sign transaction spending to_spend,
 * whose input commits to the tagged hash of the message and whose output is `script`.
 */
export function signBip322(
  message: string,
  script: Uint8Array,
  signer: ECPairInterface,
  internalKey?: Uint8Array,
): string {
  const tag = sha256(new TextEncoder().encode('BIP0322-signed-message'))
  const messageHash = sha256(concat(tag, tag, new TextEncoder().encode(message)))
  const toSpend = new Transaction()
  toSpend.version = 0
  toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, concat(Uint8Array.of(0x00, 0x20), messageHash))
  toSpend.addOutput(script, 0n)
  const toSign = new Psbt()
  toSign.setVersion(0)
  toSign.addInput({
    hash: toSpend.getHash(),
    index: 0,
    sequence: 0,
    witnessUtxo: { script, value: 0n },
    ...(internalKey ? { tapInternalKey: internalKey } : {}),
  })
  toSign.addOutput({ script: Uint8Array.of(0x6a), value: 0n })
  toSign.signInput(0, signer)
  toSign.finalizeAllInputs()
  const witness = toSign.extractTransaction().ins[0]!.witness
  return toBase64(concat(varint(witness.length), ...witness.flatMap((item) => [varint(item.length), item])))
}
