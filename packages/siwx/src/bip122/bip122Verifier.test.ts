import { createHash } from 'node:crypto'
import type { CaipNetworkId } from '@portico/core'
import { base64, hex } from '@scure/base'
import { Address, BIP322, Signer } from 'bip322-js'
import { ECPairFactory, type ECPairInterface } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, it } from 'vitest'
import { SiwxVerificationError } from '../errors.js'
import { createSiwxMessage } from '../message.js'
import { shopMessageData } from '../testing/shopMessage.testkit.js'
import { verifySiwxMessage } from '../verifySiwxMessage.js'
import { bip122Verifier } from './bip122Verifier.js'

const MAINNET = 'bip122:000000000019d6689c085ae165831e93' as CaipNetworkId
const TESTNET = 'bip122:000000000933ea01ad0ee984209779ba' as CaipNetworkId
const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' as CaipNetworkId
const SIGNET = 'bip122:00000008819873e925422c1ff0f99f7c' as CaipNetworkId

type AddressType = 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2tr'
type NetworkName = 'mainnet' | 'testnet' | 'regtest'

const ECPair = ECPairFactory(ecc)
const verifier = bip122Verifier()

/** A key and its address of one type; addresses come from bip322-js, not from the code under test. */
function createAccount(
  type: AddressType,
  network: NetworkName = 'mainnet',
  options: { compressed?: boolean } = {},
) {
  const key = ECPair.makeRandom({ compressed: options.compressed ?? true })
  return { key, address: Address.convertPubKeyIntoAddress(Buffer.from(key.publicKey), type)[network] }
}

const messageData = (accountAddress: string, chainId: CaipNetworkId, nonce = 'q7Zp2kLx9Tn4') =>
  shopMessageData(accountAddress, chainId, { nonce })

/** BIP-322 simple (segwit and taproot) or legacy (P2PKH), as bip322-js's Signer picks by address. */
function signWithBip322js(key: ECPairInterface, address: string, message: string): string {
  return Signer.sign(key.toWIF(), address, message)
}

function doubleSha256(bytes: Uint8Array): Uint8Array {
  const once = createHash('sha256').update(bytes).digest()
  return new Uint8Array(createHash('sha256').update(once).digest())
}

/**
 * A BIP-137 signed message made with libsecp256k1 (tiny-secp256k1), a second implementation
 * beside bip322-js's. `headerBase` is 27/31 for P2PKH, 35 for P2SH-P2WPKH, 39 for P2WPKH.
 */
function signBip137(key: ECPairInterface, message: string, headerBase: number): string {
  const magic = Buffer.from('Bitcoin Signed Message:\n')
  const text = Buffer.from(message)
  const length =
    text.length < 0xfd ? Buffer.of(text.length) : Buffer.of(0xfd, text.length & 0xff, text.length >> 8)
  const hash = doubleSha256(Buffer.concat([Buffer.of(magic.length), magic, length, text]))
  const { signature, recoveryId } = ecc.signRecoverable(hash, key.privateKey!)
  return base64.encode(new Uint8Array([headerBase + recoveryId, ...signature]))
}

/** A message written for the account, and its signature. */
function signedBy(
  account: { key: ECPairInterface; address: string },
  chainId: CaipNetworkId,
  sign: (message: string) => string = (message) => signWithBip322js(account.key, account.address, message),
) {
  const data = messageData(account.address, chainId)
  const message = createSiwxMessage(data)
  return { data, message, signature: sign(message) }
}

describe('bip122Verifier: BIP-322 simple signatures', () => {
  it.each([
    ['P2WPKH', 'p2wpkh'],
    ['P2TR key-path', 'p2tr'],
    ['P2SH-P2WPKH', 'p2sh-p2wpkh'],
  ] as const)('accepts a %s signature made by bip322-js', async (_, type) => {
    const account = createAccount(type)
    const input = signedBy(account, MAINNET)
    expect(await verifier.verify(input)).toBe(true)
    expect(verifier.signatureType?.(input)).toBe('bip322')
  })

  it.each([
    ['P2WPKH', 'p2wpkh'],
    ['P2TR', 'p2tr'],
  ] as const)('verifies a %s sign-in end to end through verifySiwxMessage', async (_, type) => {
    const { data, message, signature } = signedBy(createAccount(type), MAINNET)
    const verified = await verifySiwxMessage(
      { message, signature },
      { verifiers: [verifier], domain: 'shop.example', origin: 'https://shop.example', nonce: data.nonce },
    )
    expect(verified).toEqual(data)
  })

  it.each([
    ['testnet P2WPKH', 'p2wpkh', 'testnet', TESTNET],
    ['testnet P2TR', 'p2tr', 'testnet', TESTNET],
    ['regtest P2WPKH', 'p2wpkh', 'regtest', REGTEST],
    ['regtest P2TR', 'p2tr', 'regtest', REGTEST],
  ] as const)('accepts a %s address on its own chain', async (_, type, network, chainId) => {
    const account = createAccount(type, network)
    expect(await verifier.verify(signedBy(account, chainId))).toBe(true)
  })
})

/** A BIP-322 P2WPKH signature made with another sighash type than SIGHASH_ALL, through bip322-js's PSBT. */
function signBip322WithSighash(
  key: ECPairInterface,
  address: string,
  message: string,
  sighashType: number,
): string {
  const scriptPubKey = Address.convertAdressToScriptPubkey(address)
  const toSign = BIP322.buildToSignTx(BIP322.buildToSpendTx(message, scriptPubKey).getId(), scriptPubKey)
  toSign.updateInput(0, { sighashType })
  const signer = {
    publicKey: Buffer.from(key.publicKey),
    sign: (hash: Buffer) => Buffer.from(key.sign(hash)),
  }
  return BIP322.encodeWitness(toSign.signInput(0, signer, [sighashType]).finalizeAllInputs())
}

describe('bip122Verifier: legacy signed messages (BIP-137)', () => {
  it('accepts a P2PKH signature made by bip322-js, with a compressed key', async () => {
    const input = signedBy(createAccount('p2pkh'), MAINNET)
    expect(base64.decode(input.signature)).toHaveLength(65)
    expect(await verifier.verify(input)).toBe(true)
    expect(verifier.signatureType?.(input)).toBe('bip137')
  })

  it('accepts a P2PKH signature made by bip322-js, with an uncompressed key', async () => {
    const input = signedBy(createAccount('p2pkh', 'mainnet', { compressed: false }), MAINNET)
    expect(base64.decode(input.signature)[0]).toBeLessThan(31)
    expect(await verifier.verify(input)).toBe(true)
  })

  it.each([
    ['P2PKH (header 31–34)', 'p2pkh', 31],
    ['P2SH-P2WPKH (header 35–38)', 'p2sh-p2wpkh', 35],
    ['P2WPKH (header 39–42)', 'p2wpkh', 39],
    ['P2WPKH signed with a P2PKH header, as Electrum does', 'p2wpkh', 31],
    ['P2SH-P2WPKH signed with a P2PKH header', 'p2sh-p2wpkh', 31],
  ] as const)('accepts a %s signature made with libsecp256k1', async (_, type, headerBase) => {
    const account = createAccount(type)
    const input = signedBy(account, MAINNET, (message) => signBip137(account.key, message, headerBase))
    expect(await verifier.verify(input)).toBe(true)
    expect(verifier.signatureType?.(input)).toBe('bip137')
  })

  it('verifies a legacy P2SH-P2WPKH sign-in end to end through verifySiwxMessage', async () => {
    const account = createAccount('p2sh-p2wpkh')
    const { data, message, signature } = signedBy(account, MAINNET, (text) =>
      signBip137(account.key, text, 35),
    )
    expect(await verifySiwxMessage({ message, signature }, { verifiers: [verifier] })).toEqual(data)
  })

  it('accepts a testnet P2PKH address on testnet and on regtest, whose legacy prefixes are the same', async () => {
    const testnet = createAccount('p2pkh', 'testnet')
    expect(await verifier.verify(signedBy(testnet, TESTNET))).toBe(true)
    expect(await verifier.verify(signedBy(testnet, REGTEST))).toBe(true)
  })

  it('refuses an uncompressed-key signature for a segwit address of the compressed key', async () => {
    const account = createAccount('p2wpkh')
    const input = signedBy(account, MAINNET, (message) => signBip137(account.key, message, 27))
    expect(await verifier.verify(input)).toBe(false)
  })

  it('refuses a legacy signature for a taproot address', async () => {
    const account = createAccount('p2tr')
    const input = signedBy(account, MAINNET, (message) => signBip137(account.key, message, 31))
    expect(await verifier.verify(input)).toBe(false)
  })
})

describe('bip122Verifier: refusals', () => {
  const kinds = [
    ['BIP-322 P2WPKH', 'p2wpkh', undefined],
    ['BIP-322 P2TR', 'p2tr', undefined],
    ['BIP-322 P2SH-P2WPKH', 'p2sh-p2wpkh', undefined],
    ['legacy P2PKH', 'p2pkh', undefined],
    ['legacy P2WPKH', 'p2wpkh', 39],
  ] as const

  const signerFor = (account: { key: ECPairInterface; address: string }, headerBase: number | undefined) =>
    headerBase === undefined
      ? (message: string) => signWithBip322js(account.key, account.address, message)
      : (message: string) => signBip137(account.key, message, headerBase)

  it.each(kinds)('refuses a %s signature for a message with another nonce', async (_, type, headerBase) => {
    const account = createAccount(type)
    const { data, signature } = signedBy(account, MAINNET, signerFor(account, headerBase))
    const tampered = { ...data, nonce: 'q7Zp2kLx9Tn5' }
    const message = createSiwxMessage(tampered)
    expect(await verifier.verify({ data: tampered, message, signature })).toBe(false)
    const error = await verifySiwxMessage({ message, signature }, { verifiers: [verifier] }).catch((e) => e)
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it.each(kinds)("refuses another account's %s signature of the same text", async (_, type, headerBase) => {
    const account = createAccount(type)
    const other = createAccount(type)
    const { data, message } = signedBy(account, MAINNET)
    const signature = signerFor(other, headerBase)(message)
    expect(await verifier.verify({ data, message, signature })).toBe(false)
  })

  it.each(kinds)(
    'refuses a truncated, altered, garbage or empty %s signature without throwing',
    async (_, type, headerBase) => {
      const account = createAccount(type)
      const { data, message, signature } = signedBy(account, MAINNET, signerFor(account, headerBase))
      const bytes = base64.decode(signature)
      const altered = bytes.slice()
      altered[Math.floor(bytes.length / 2)]! ^= 0x01
      const candidates = [
        base64.encode(bytes.subarray(0, -1)),
        base64.encode(bytes.subarray(0, 40)),
        base64.encode(new Uint8Array([...bytes, 0])),
        base64.encode(altered),
        base64.encode(new Uint8Array(bytes.length)),
        base64.encode(crypto.getRandomValues(new Uint8Array(bytes.length))),
        'not base64 at all!',
        '',
      ]
      for (const candidate of candidates)
        expect(await verifier.verify({ data, message, signature: candidate })).toBe(false)
    },
  )

  it.each(kinds)('refuses a %s signature written in hex instead of base64', async (_, type, headerBase) => {
    const account = createAccount(type)
    const { data, message, signature } = signedBy(account, MAINNET, signerFor(account, headerBase))
    const bytes = base64.decode(signature)
    for (const candidate of [hex.encode(bytes), `0x${hex.encode(bytes)}`])
      expect(await verifier.verify({ data, message, signature: candidate })).toBe(false)
  })

  it.each([
    ['a mainnet P2WPKH address on testnet', 'p2wpkh', 'mainnet', TESTNET],
    ['a mainnet P2TR address on regtest', 'p2tr', 'mainnet', REGTEST],
    ['a testnet P2WPKH address on mainnet', 'p2wpkh', 'testnet', MAINNET],
    ['a testnet P2TR address on regtest', 'p2tr', 'testnet', REGTEST],
    ['a regtest P2WPKH address on testnet', 'p2wpkh', 'regtest', TESTNET],
    ['a testnet P2PKH address on mainnet', 'p2pkh', 'testnet', MAINNET],
    ['a mainnet P2SH-P2WPKH address on testnet', 'p2sh-p2wpkh', 'mainnet', TESTNET],
  ] as const)('refuses %s, though its signature is valid', async (_, type, network, chainId) => {
    const input = signedBy(createAccount(type, network), chainId)
    expect(await verifier.verify(input)).toBe(false)
    const error = await verifySiwxMessage(input, { verifiers: [verifier] }).catch((e) => e)
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it('refuses a BIP-322 P2WPKH signature made with SIGHASH_NONE, which wallets do not use', async () => {
    const account = createAccount('p2wpkh')
    const sign = (hashType: number) => (message: string) =>
      signBip322WithSighash(account.key, account.address, message, hashType)
    // The same route with SIGHASH_ALL verifies, so only the sighash type is refused.
    expect(await verifier.verify(signedBy(account, MAINNET, sign(0x01)))).toBe(true)
    expect(await verifier.verify(signedBy(account, MAINNET, sign(0x02)))).toBe(false)
  })

  it('refuses a BIP-322 P2WPKH signature presented for the P2PKH address of the same key', async () => {
    const key = ECPair.makeRandom()
    const addresses = {
      p2wpkh: Address.convertPubKeyIntoAddress(Buffer.from(key.publicKey), 'p2wpkh').mainnet,
      p2pkh: Address.convertPubKeyIntoAddress(Buffer.from(key.publicKey), 'p2pkh').mainnet,
    }
    const data = messageData(addresses.p2pkh, MAINNET)
    const message = createSiwxMessage(data)
    const signature = signWithBip322js(key, addresses.p2wpkh, message)
    expect(await verifier.verify({ data, message, signature })).toBe(false)
  })

  it('refuses an address that is not a Bitcoin address', async () => {
    const account = createAccount('p2wpkh')
    const { data, message, signature } = signedBy(account, MAINNET)
    for (const accountAddress of ['0x9a4e3c1f0b2d7a6e5c8b4f3a2d1e0c9b8a7f6e5d', 'bc1qnotanaddress'])
      expect(await verifier.verify({ data: { ...data, accountAddress }, message, signature })).toBe(false)
  })

  it('supports mainnet, testnet and regtest, and no other chain', async () => {
    expect([MAINNET, TESTNET, REGTEST].map((chainId) => verifier.supports?.(chainId))).toEqual([
      true,
      true,
      true,
    ])
    expect(verifier.supports?.(SIGNET)).toBe(false)
    const input = signedBy(createAccount('p2wpkh', 'testnet'), SIGNET)
    expect(await verifier.verify(input)).toBe(false)
    const error = await verifySiwxMessage(input, { verifiers: [verifier] }).catch((e) => e)
    expect(error.reason).toBe('CHAIN_UNSUPPORTED')
  })
})

describe('@portico/siwx/bip122', () => {
  it('exports only the verifier factory', async () => {
    expect(Object.keys(await import('./index.js'))).toEqual(['bip122Verifier'])
  })
})
