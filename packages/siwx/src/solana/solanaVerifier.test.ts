import type { SiwxMessageData } from '@portico/core'
import { base58, base64, hex } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { SiwxVerificationError } from '../errors.js'
import { createSiwxMessage } from '../message.js'
import { shopMessageData } from '../testing/shopMessage.testkit.js'
import { verifySiwxMessage } from '../verifySiwxMessage.js'
import { solanaVerifier } from './solanaVerifier.js'

const MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

// WebCrypto's Ed25519 is the signer, so the verifier is checked against an implementation other than its own.
async function createWallet() {
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', keys.publicKey))
  return {
    address: base58.encode(publicKey),
    signMessage: async (message: string) =>
      new Uint8Array(
        await crypto.subtle.sign({ name: 'Ed25519' }, keys.privateKey, new TextEncoder().encode(message)),
      ),
  }
}

const messageData = (address: string, overrides: Partial<SiwxMessageData> = {}) =>
  shopMessageData(address, MAINNET, overrides)

async function signedMessage(overrides: Partial<SiwxMessageData> = {}) {
  const wallet = await createWallet()
  const data = messageData(wallet.address, overrides)
  const message = createSiwxMessage(data)
  const signatureBytes = await wallet.signMessage(message)
  return { wallet, data, message, signatureBytes, signature: base58.encode(signatureBytes) }
}

describe('solanaVerifier', () => {
  const verifier = solanaVerifier()

  it('accepts the base58 ed25519 signature of the message by its account', async () => {
    const { data, message, signature } = await signedMessage()
    expect(await verifier.verify({ data, message, signature })).toBe(true)
    expect(verifier.signatureType?.({ data, message, signature })).toBe('solana:ed25519')
  })

  it('accepts a signature on devnet too: Solana addresses are the same on every cluster', async () => {
    const { data, message, signature } = await signedMessage({ chainId: DEVNET })
    expect(await verifier.verify({ data, message, signature })).toBe(true)
  })

  it('verifies a signed message end to end through verifySiwxMessage', async () => {
    const { data, message, signature } = await signedMessage()
    const verified = await verifySiwxMessage(
      { message, signature },
      { verifiers: [verifier], domain: 'shop.example', origin: 'https://shop.example', nonce: data.nonce },
    )
    expect(verified).toEqual(data)
  })

  it('refuses the signature for a message with another nonce', async () => {
    const { data, signature } = await signedMessage()
    const tampered = { ...data, nonce: 'q7Zp2kLx9Tn5' }
    const message = createSiwxMessage(tampered)
    expect(await verifier.verify({ data: tampered, message, signature })).toBe(false)
    const error = await verifySiwxMessage({ message, signature }, { verifiers: [verifier] }).catch((e) => e)
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect(error.reason).toBe('INVALID_SIGNATURE')
  })

  it("refuses another account's signature of the same text", async () => {
    const { data, message } = await signedMessage()
    const other = await createWallet()
    const signature = base58.encode(await other.signMessage(message))
    expect(await verifier.verify({ data, message, signature })).toBe(false)
  })

  it('refuses truncated, garbage and empty signatures without throwing', async () => {
    const { data, message, signatureBytes } = await signedMessage()
    const flipped = signatureBytes.slice()
    flipped[10] = flipped[10]! ^ 1
    for (const signature of [
      base58.encode(signatureBytes.subarray(0, 63)),
      base58.encode(new Uint8Array([...signatureBytes, 0])),
      base58.encode(flipped),
      base58.encode(new Uint8Array(64)),
      'not a signature!',
      '',
    ])
      expect(await verifier.verify({ data, message, signature })).toBe(false)
  })

  it('refuses the right signature written in hex or base64 instead of base58', async () => {
    const { data, message, signatureBytes } = await signedMessage()
    for (const signature of [
      hex.encode(signatureBytes),
      `0x${hex.encode(signatureBytes)}`,
      base64.encode(signatureBytes),
    ])
      expect(await verifier.verify({ data, message, signature })).toBe(false)
  })

  it('refuses an account address that is not a 32-byte base58 public key', async () => {
    const { data, message, signature } = await signedMessage()
    for (const accountAddress of [
      '0x9a4e3c1f0b2d7a6e5c8b4f3a2d1e0c9b8a7f6e5d',
      base58.encode(new Uint8Array(33).fill(7)),
    ])
      expect(await verifier.verify({ data: { ...data, accountAddress }, message, signature })).toBe(false)
  })

  it('supports every Solana cluster and nothing else', () => {
    expect(verifier.supports?.(MAINNET)).toBe(true)
    expect(verifier.supports?.(DEVNET)).toBe(true)
    expect(verifier.supports?.('eip155:1' as never)).toBe(false)
  })
})

describe('@portico/siwx/solana', () => {
  it('exports only the verifier factory', async () => {
    expect(Object.keys(await import('./index.js'))).toEqual(['solanaVerifier'])
  })
})
