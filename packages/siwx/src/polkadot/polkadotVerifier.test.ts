import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, encodeAddress, randomAsU8a } from '@polkadot/util-crypto'
import type { CaipNetworkId } from '@portico/core'
import { base58, base64, hex } from '@scure/base'
import { beforeAll, describe, expect, it } from 'vitest'
import { SiwxVerificationError } from '../errors.js'
import { createSiwxMessage } from '../message.js'
import { shopMessageData } from '../testing/shopMessage.testkit.js'
import { verifySiwxMessage } from '../verifySiwxMessage.js'
import { polkadotVerifier } from './polkadotVerifier.js'

const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as CaipNetworkId
const KUSAMA = 'polkadot:b0a8d493285c2df73290dfb7e61f870f' as CaipNetworkId
const WESTEND = 'polkadot:e143f23803ac50e8f6f8e62695d1ce9e' as CaipNetworkId
// A parachain the verifier knows nothing about: any SS58 prefix is taken there.
const OTHER_CHAIN = 'polkadot:fe58ea77779b7abda7da4ec526d14db9' as CaipNetworkId
const SS58_PREFIX: Record<string, number> = { [POLKADOT]: 0, [KUSAMA]: 2, [WESTEND]: 42, [OTHER_CHAIN]: 42 }

type KeyType = 'sr25519' | 'ed25519' | 'ecdsa'

const verifier = polkadotVerifier()

beforeAll(async () => {
  await cryptoWaitReady()
})

function createPair(type: KeyType): KeyringPair {
  return new Keyring({ type }).addFromSeed(randomAsU8a(32))
}

const messageData = (accountAddress: string, chainId: CaipNetworkId, nonce = 'q7Zp2kLx9Tn4') =>
  shopMessageData(accountAddress, chainId, { nonce })

/** How a signer can sign the text: raw, or as extensions' signRaw does, wrapped and with or without a type byte. */
const SIGNINGS = {
  raw: (pair: KeyringPair, message: string) => u8aToHex(pair.sign(message)),
  wrapped: (pair: KeyringPair, message: string) => u8aToHex(pair.sign(u8aWrapBytes(message))),
  'wrapped with a type byte': (pair: KeyringPair, message: string) =>
    u8aToHex(pair.sign(u8aWrapBytes(message), { withType: true })),
} as const

function signedBy(
  pair: KeyringPair,
  chainId: CaipNetworkId = POLKADOT,
  signing: keyof typeof SIGNINGS = 'wrapped',
) {
  const data = messageData(encodeAddress(pair.addressRaw, SS58_PREFIX[chainId]), chainId)
  const message = createSiwxMessage(data)
  return { data, message, signature: SIGNINGS[signing](pair, message) }
}

describe('polkadotVerifier', () => {
  it.each([
    ['sr25519', 'raw'],
    ['sr25519', 'wrapped'],
    ['sr25519', 'wrapped with a type byte'],
    ['ed25519', 'raw'],
    ['ed25519', 'wrapped'],
    ['ed25519', 'wrapped with a type byte'],
  ] as const)('accepts a %s signature of the %s message', async (type, signing) => {
    const input = signedBy(createPair(type), POLKADOT, signing)
    expect(await verifier.verify(input)).toBe(true)
    expect(verifier.signatureType?.(input)).toBe(`polkadot:${type}`)
  })

  it('accepts an ecdsa signature of the wrapped message', async () => {
    const input = signedBy(createPair('ecdsa'))
    expect(await verifier.verify(input)).toBe(true)
    expect(verifier.signatureType?.(input)).toBe('polkadot:ecdsa')
  })

  it.each(['sr25519', 'ed25519'] as const)(
    'verifies a %s sign-in end to end through verifySiwxMessage',
    async (type) => {
      const { data, message, signature } = signedBy(createPair(type))
      const verified = await verifySiwxMessage(
        { message, signature },
        { verifiers: [verifier], domain: 'shop.example', origin: 'https://shop.example', nonce: data.nonce },
      )
      expect(verified).toEqual(data)
    },
  )

  it.each([
    ['Kusama (prefix 2)', KUSAMA],
    ['Westend (prefix 42)', WESTEND],
    ['an unlisted chain, with the generic prefix 42', OTHER_CHAIN],
  ] as const)('accepts an address of %s on its own chain', async (_, chainId) => {
    expect(await verifier.verify(signedBy(createPair('sr25519'), chainId))).toBe(true)
  })

  it.each(['sr25519', 'ed25519'] as const)(
    'refuses a %s signature for a message with another nonce',
    async (type) => {
      const { data, signature } = signedBy(createPair(type))
      const tampered = { ...data, nonce: 'q7Zp2kLx9Tn5' }
      const message = createSiwxMessage(tampered)
      expect(await verifier.verify({ data: tampered, message, signature })).toBe(false)
      const error = await verifySiwxMessage({ message, signature }, { verifiers: [verifier] }).catch((e) => e)
      expect(error).toBeInstanceOf(SiwxVerificationError)
      expect(error.reason).toBe('INVALID_SIGNATURE')
    },
  )

  it.each(['sr25519', 'ed25519'] as const)(
    "refuses another account's %s signature of the same text",
    async (type) => {
      const { data, message } = signedBy(createPair(type))
      const signature = u8aToHex(createPair(type).sign(u8aWrapBytes(message)))
      expect(await verifier.verify({ data, message, signature })).toBe(false)
      expect(verifier.signatureType?.({ data, message, signature })).toBe('polkadot')
    },
  )

  it.each(['sr25519', 'ed25519'] as const)(
    'refuses truncated, altered, garbage and empty %s signatures without throwing',
    async (type) => {
      const { data, message, signature } = signedBy(createPair(type))
      const bytes = hex.decode(signature.slice(2))
      const altered = bytes.slice()
      altered[20]! ^= 0x01
      for (const candidate of [
        signature.slice(0, -2),
        signature.slice(0, 66),
        `${signature}00`,
        `${signature}0000ff`,
        `0x${hex.encode(altered)}`,
        `0x${'00'.repeat(64)}`,
        `0x${'zz'.repeat(64)}`,
        '0x',
        '',
      ])
        expect(await verifier.verify({ data, message, signature: candidate })).toBe(false)
    },
  )

  it.each(['sr25519', 'ed25519'] as const)(
    'refuses a %s signature in base64, base58 or hex without 0x',
    async (type) => {
      const { data, message, signature } = signedBy(createPair(type))
      const bytes = hex.decode(signature.slice(2))
      for (const candidate of [base64.encode(bytes), base58.encode(bytes), signature.slice(2)])
        expect(await verifier.verify({ data, message, signature: candidate })).toBe(false)
    },
  )

  it.each([
    ['a Kusama address on Polkadot', 2, POLKADOT],
    ['a generic-prefix (42) address on Polkadot', 42, POLKADOT],
    ['a Polkadot address on Kusama', 0, KUSAMA],
    ['a Polkadot address on Westend', 0, WESTEND],
  ] as const)('refuses %s, though its signature is valid', async (_, prefix, chainId) => {
    const pair = createPair('sr25519')
    const data = messageData(encodeAddress(pair.addressRaw, prefix), chainId)
    const message = createSiwxMessage(data)
    const signature = u8aToHex(pair.sign(u8aWrapBytes(message)))
    expect(await verifier.verify({ data, message, signature })).toBe(false)
    const error = await verifySiwxMessage({ message, signature }, { verifiers: [verifier] }).catch((e) => e)
    expect(error.reason).toBe('INVALID_SIGNATURE')
    // The same key and signature pass when the address is written for that chain.
    const own = { ...data, accountAddress: encodeAddress(pair.addressRaw, SS58_PREFIX[chainId]) }
    const ownMessage = createSiwxMessage(own)
    expect(
      await verifier.verify({
        data: own,
        message: ownMessage,
        signature: u8aToHex(pair.sign(u8aWrapBytes(ownMessage))),
      }),
    ).toBe(true)
  })

  it('holds addresses on a chain to the prefix given in ss58Prefixes', async () => {
    const strict = polkadotVerifier({ ss58Prefixes: { [OTHER_CHAIN]: 7 } })
    const pair = createPair('sr25519')
    expect(await strict.verify(signedBy(pair, OTHER_CHAIN))).toBe(false)
    const data = messageData(encodeAddress(pair.addressRaw, 7), OTHER_CHAIN)
    const message = createSiwxMessage(data)
    expect(await strict.verify({ data, message, signature: u8aToHex(pair.sign(message)) })).toBe(true)
  })

  it('refuses an address that is not an SS58 account', async () => {
    const pair = createPair('sr25519')
    const { data, message, signature } = signedBy(pair)
    const corrupted = data.accountAddress.slice(0, -1) + (data.accountAddress.endsWith('a') ? 'b' : 'a')
    for (const accountAddress of [
      corrupted,
      u8aToHex(pair.publicKey).slice(2),
      '0x9a4e3c1f0b2d7a6e5c8b4f3a2d1e0c9b8a7f6e5d',
    ])
      expect(await verifier.verify({ data: { ...data, accountAddress }, message, signature })).toBe(false)
  })

  it('supports every Polkadot-family chain and nothing else', () => {
    expect(verifier.supports?.(POLKADOT)).toBe(true)
    expect(verifier.supports?.(OTHER_CHAIN)).toBe(true)
    expect(verifier.supports?.('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as CaipNetworkId)).toBe(false)
  })
})

describe('@portico/siwx/polkadot', () => {
  it('exports only the verifier factory', async () => {
    expect(Object.keys(await import('./index.js'))).toEqual(['polkadotVerifier'])
  })
})
