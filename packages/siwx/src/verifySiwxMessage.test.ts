import type { CaipNetworkId, SiwxMessageData, SiwxSession } from '@portico/core'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { eip155Verifier } from './eip155/eip155Verifier.js'
import { type SiwxRefusalReason, SiwxVerificationError } from './errors.js'
import { createSiwxMessage } from './message.js'
import type { SiwxVerifier } from './verifier.js'
import {
  SIWX_CLOCK_TOLERANCE_MS,
  type VerifySiwxOptions,
  verifySiwxMessage,
  verifySiwxSession,
} from './verifySiwxMessage.js'

const signer = privateKeyToAccount(ANVIL_PRIVATE_KEYS[2])
const other = privateKeyToAccount(ANVIL_PRIVATE_KEYS[3])
const ISSUED = Date.parse('2025-05-01T12:00:00.000Z')
const MINUTE = 60_000

const BASE: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: signer.address,
  statement: 'Sign in to the shop.',
  uri: 'https://shop.example/login',
  version: '1',
  chainId: 'eip155:1',
  nonce: 'nonceABC12345',
  issuedAt: new Date(ISSUED).toISOString(),
  expirationTime: new Date(ISSUED + 60 * MINUTE).toISOString(),
}

const OPTIONS: VerifySiwxOptions = {
  verifiers: [eip155Verifier()],
  domain: 'shop.example',
  origin: 'https://shop.example',
  nonce: 'nonceABC12345',
  now: ISSUED + MINUTE,
}

async function sign(change: Partial<SiwxMessageData> = {}, by = signer): Promise<SiwxSession> {
  const data = { ...BASE, ...change }
  const message = createSiwxMessage(data)
  return { data, message, signature: await by.signMessage({ message }) }
}

async function reasonOf(promise: Promise<unknown>): Promise<SiwxRefusalReason> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxVerificationError)
    expect((error as SiwxVerificationError).name).toBe('SiwxVerificationError')
    return (error as SiwxVerificationError).reason
  }
  throw new Error('expected the message to be refused, it was accepted')
}

describe('verifySiwxMessage', () => {
  it("accepts a message signed by its account and resolves the message's fields", async () => {
    const signed = await sign()
    expect(await verifySiwxMessage(signed, OPTIONS)).toEqual(BASE)
  })

  it('refuses a text that is not a sign-in message as INVALID_MESSAGE, saying why', async () => {
    const signed = await sign()
    expect(await reasonOf(verifySiwxMessage({ ...signed, message: 'hello' }, OPTIONS))).toBe(
      'INVALID_MESSAGE',
    )
    const crlf = signed.message.replaceAll('\n', '\r\n')
    await expect(verifySiwxMessage({ ...signed, message: crlf }, OPTIONS)).rejects.toThrow(/malformed/)
  })

  it('refuses a message for another domain as DOMAIN_MISMATCH, even a port away', async () => {
    expect(await reasonOf(verifySiwxMessage(await sign({ domain: 'evil.example' }), OPTIONS))).toBe(
      'DOMAIN_MISMATCH',
    )
    expect(await reasonOf(verifySiwxMessage(await sign({ domain: 'shop.example:8080' }), OPTIONS))).toBe(
      'DOMAIN_MISMATCH',
    )
  })

  it('refuses a URI off the origin as URI_MISMATCH, scheme and port included', async () => {
    for (const uri of [
      'https://evil.example/login',
      'http://shop.example/login',
      'https://shop.example:8443/',
    ])
      expect(await reasonOf(verifySiwxMessage(await sign({ uri }), OPTIONS)), uri).toBe('URI_MISMATCH')
    expect(
      await verifySiwxMessage(await sign({ uri: 'https://shop.example/other?x=1' }), OPTIONS),
    ).toMatchObject({
      uri: 'https://shop.example/other?x=1',
    })
  })

  it('refuses a namespace without a verifier, and a chain its verifier does not support, as CHAIN_UNSUPPORTED', async () => {
    const signed = await sign()
    expect(await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, verifiers: [] }))).toBe('CHAIN_UNSUPPORTED')
    const zero = await sign({ chainId: 'eip155:0' as CaipNetworkId })
    expect(await reasonOf(verifySiwxMessage(zero, OPTIONS))).toBe('CHAIN_UNSUPPORTED')
    const solana = await sign({
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
    })
    expect(await reasonOf(verifySiwxMessage(solana, OPTIONS))).toBe('CHAIN_UNSUPPORTED')
  })

  it('refuses a message carrying another nonce than the one issued as NONCE_MISMATCH', async () => {
    expect(await reasonOf(verifySiwxMessage(await sign({ nonce: 'otherNonce999' }), OPTIONS))).toBe(
      'NONCE_MISMATCH',
    )
  })

  it('refuses a message at and after its expiration time as EXPIRED', async () => {
    const signed = await sign()
    const expiry = Date.parse(BASE.expirationTime!)
    expect(await verifySiwxMessage(signed, { ...OPTIONS, now: expiry - 1 })).toEqual(BASE)
    expect(await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, now: expiry }))).toBe('EXPIRED')
    expect(await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, now: expiry + 86_400_000 }))).toBe(
      'EXPIRED',
    )
  })

  it('refuses a message before its notBefore time as NOT_YET_VALID', async () => {
    const signed = await sign({ notBefore: new Date(ISSUED + 30 * MINUTE).toISOString() })
    expect(await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, now: ISSUED + 10 * MINUTE }))).toBe(
      'NOT_YET_VALID',
    )
    expect(await verifySiwxMessage(signed, { ...OPTIONS, now: ISSUED + 30 * MINUTE })).toMatchObject({
      notBefore: signed.data.notBefore,
    })
  })

  it('refuses a message issued further in the future than the clock tolerance as NOT_YET_VALID', async () => {
    const signed = await sign()
    const justInside = ISSUED - SIWX_CLOCK_TOLERANCE_MS
    expect(await verifySiwxMessage(signed, { ...OPTIONS, now: justInside })).toEqual(BASE)
    expect(await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, now: justInside - 1 }))).toBe(
      'NOT_YET_VALID',
    )
    expect(
      await reasonOf(verifySiwxMessage(signed, { ...OPTIONS, now: ISSUED - 1, clockToleranceMs: 0 })),
    ).toBe('NOT_YET_VALID')
  })

  it("refuses another account's signature and a tampered message as INVALID_SIGNATURE", async () => {
    expect(await reasonOf(verifySiwxMessage(await sign({}, other), OPTIONS))).toBe('INVALID_SIGNATURE')
    const signed = await sign()
    const otherSigned = await sign({ statement: 'Sign in to the bank.' })
    expect(
      await reasonOf(
        verifySiwxMessage({ message: otherSigned.message, signature: signed.signature }, OPTIONS),
      ),
    ).toBe('INVALID_SIGNATURE')
    expect(await reasonOf(verifySiwxMessage({ ...signed, signature: '0xdeadbeef' }, OPTIONS))).toBe(
      'INVALID_SIGNATURE',
    )
  })

  it('checks the signature last, so a site learns the cheaper reason first', async () => {
    let asked = 0
    const real = eip155Verifier()
    const counting: SiwxVerifier = {
      ...real,
      verify(input) {
        asked += 1
        return real.verify(input)
      },
    }
    const options = { ...OPTIONS, verifiers: [counting] }
    expect(await reasonOf(verifySiwxMessage(await sign({ domain: 'evil.example' }, other), options))).toBe(
      'DOMAIN_MISMATCH',
    )
    expect(await reasonOf(verifySiwxMessage(await sign({ nonce: 'otherNonce999' }, other), options))).toBe(
      'NONCE_MISMATCH',
    )
    expect(asked).toBe(0)
    await verifySiwxMessage(await sign(), options)
    expect(asked).toBe(1)
  })

  it('checks only what it is given: no domain, origin or nonce option skips those checks', async () => {
    const signed = await sign({
      domain: 'elsewhere.example',
      uri: 'https://elsewhere.example',
      nonce: 'anyNonce0001',
    })
    const data = await verifySiwxMessage(signed, { verifiers: [eip155Verifier()], now: ISSUED })
    expect(data.domain).toBe('elsewhere.example')
  })
})

describe('verifySiwxSession', () => {
  it('accepts a session whose data is its signed message', async () => {
    expect(await verifySiwxSession(await sign(), OPTIONS)).toEqual(BASE)
  })

  it('refuses a session whose data differs from its message as INVALID_MESSAGE', async () => {
    const session = await sign()
    const changes: Partial<SiwxMessageData>[] = [
      { expirationTime: '2099-01-01T00:00:00.000Z' },
      { accountAddress: other.address },
      { resources: ['https://shop.example/admin'] },
      { statement: 'Something else.' },
    ]
    for (const change of changes) {
      const tampered = { ...session, data: { ...session.data, ...change } }
      expect(await reasonOf(verifySiwxSession(tampered, OPTIONS)), JSON.stringify(change)).toBe(
        'INVALID_MESSAGE',
      )
    }
    const { statement: _statement, ...withoutStatement } = session.data
    expect(await reasonOf(verifySiwxSession({ ...session, data: withoutStatement }, OPTIONS))).toBe(
      'INVALID_MESSAGE',
    )
  })

  it('refuses a session that no longer verifies for the reason of its message', async () => {
    const session = await sign()
    const now = Date.parse(BASE.expirationTime!) + 1
    expect(await reasonOf(verifySiwxSession(session, { ...OPTIONS, now }))).toBe('EXPIRED')
  })
})
