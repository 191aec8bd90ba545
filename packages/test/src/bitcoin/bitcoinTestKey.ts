import { crypto, initEccLib, type Network, networks, Psbt, payments } from 'bitcoinjs-lib'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import * as ecc from 'tiny-secp256k1'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

/** One test key and the addresses a wallet shows for it on a network (regtest by default). */
export interface BitcoinTestKey {
  /** The key pair, for signing PSBTs with bitcoinjs-lib. */
  keyPair: ECPairInterface
  privateKeyHex: string
  /** Compressed public key, hex. */
  publicKeyHex: string
  /** x-only public key (taproot), hex. */
  xOnlyPublicKeyHex: string
  wif: string
  /** P2WPKH, the usual payment address (`bcrt1q…` on regtest). */
  p2wpkh: string
  /** P2SH-P2WPKH, the nested segwit payment address (`2…` on regtest). */
  p2shP2wpkh: string
  /** P2TR key-path, the usual ordinals address (`bcrt1p…`). bcoin 1.0.2 can pay it, not spend it. */
  p2tr: string
  network: Network
}

/**
 * A deterministic test key: the private key is SHA-256 of `portico bitcoin test key <index>`, so the
 * demo, the e2e setup and the test wallets agree on the same addresses without sharing state.
 */
export function bitcoinTestKey(index: number, network: Network = networks.regtest): BitcoinTestKey {
  if (!Number.isInteger(index) || index < 0)
    throw new RangeError(`A test key index is a whole number ≥ 0, got ${index}.`)
  const privateKey = crypto.sha256(new TextEncoder().encode(`portico bitcoin test key ${index}`))
  return bitcoinKeyFromPrivateKey(privateKey, network)
}

/** The addresses and signer of a given 32-byte private key. */
export function bitcoinKeyFromPrivateKey(
  privateKey: Uint8Array,
  network: Network = networks.regtest,
): BitcoinTestKey {
  const keyPair = ECPair.fromPrivateKey(privateKey, { network })
  const pubkey = keyPair.publicKey
  const xOnly = pubkey.slice(1, 33)
  const p2wpkh = payments.p2wpkh({ pubkey, network })
  const p2sh = payments.p2sh({ redeem: p2wpkh, network })
  const p2tr = payments.p2tr({ internalPubkey: xOnly, network })
  return {
    keyPair,
    privateKeyHex: toHex(privateKey),
    publicKeyHex: toHex(pubkey),
    xOnlyPublicKeyHex: toHex(xOnly),
    wif: keyPair.toWIF(),
    p2wpkh: required(p2wpkh.address),
    p2shP2wpkh: required(p2sh.address),
    p2tr: required(p2tr.address),
    network,
  }
}

export interface P2wpkhInput {
  txid: string
  vout: number
  /** The output's value in sats. */
  value: bigint
}

export interface P2wpkhOutput {
  address: string
  value: bigint
}

/**
 * Builds and signs a transaction that spends P2WPKH outputs of `key` (RBF on), as hex. Tests use it to
 * make real spends, double spends and, with `corruptSignature`, a transaction whose signature fails.
 */
export function signP2wpkhTransaction(options: {
  key: BitcoinTestKey
  inputs: readonly P2wpkhInput[]
  outputs: readonly P2wpkhOutput[]
  corruptSignature?: boolean
}): string {
  const { key } = options
  const output = required(payments.p2wpkh({ pubkey: key.keyPair.publicKey, network: key.network }).output)
  const psbt = new Psbt({ network: key.network })
  for (const input of options.inputs) {
    psbt.addInput({
      hash: input.txid,
      index: input.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script: output, value: input.value },
    })
  }
  for (const out of options.outputs) psbt.addOutput({ address: out.address, value: out.value })
  psbt.signAllInputs(key.keyPair)
  psbt.finalizeAllInputs()
  const tx = psbt.extractTransaction()
  if (options.corruptSignature) {
    // Flip a bit inside the DER signature's s value: still well-formed, no longer valid.
    const signature = tx.ins[0]?.witness[0]
    if (!signature) throw new Error('The transaction has no signature to corrupt.')
    const at = signature.length - 3
    signature[at] = (signature[at] ?? 0) ^ 0x01
  }
  return tx.toHex()
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('bitcoinjs-lib returned no address for a valid key.')
  return value
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}
