import { stringToHex, stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { POLKADOT_TEST_ACCOUNTS } from '../testAccounts.js'
import { createTestPolkadotExtension } from './createTestPolkadotExtension.js'
import type { InjectedAccount } from './injectedWeb3.js'

beforeAll(() => cryptoWaitReady())

const [alice, bob, charlie] = POLKADOT_TEST_ACCOUNTS as [
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
]
const generic = (publicKey: string) => encodeAddress(publicKey, 42)

/** Whether a promise is still pending once everything already queued has run. */
async function isPending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending')
  promise.catch(() => undefined)
  const result = await Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((resolve) => setImmediate(() => resolve(marker))),
  ])
  return result === marker
}

describe('createTestPolkadotExtension', () => {
  it('lets a site in on enable and lists every development account, in prefix 42 by default', async () => {
    const extension = await createTestPolkadotExtension()
    expect(extension.provider.version).toMatch(/^\d+\.\d+\.\d+$/)
    const injected = await extension.provider.enable('Portico test')
    const accounts = await injected.accounts.get()
    expect(accounts.map((account) => account.address)).toEqual(
      POLKADOT_TEST_ACCOUNTS.map((account) => generic(account.publicKey)),
    )
    expect(accounts[0]).toEqual({
      address: generic(alice.publicKey),
      genesisHash: null,
      name: 'Alice',
      type: 'sr25519',
    })
    expect(extension.getState().authorized).toBe(true)
  })

  it('hands out addresses in the prefix it is given', async () => {
    const extension = await createTestPolkadotExtension({ ss58Prefix: 2 })
    const accounts = await (await extension.provider.enable('Portico test')).accounts.get(true)
    expect(accounts[1]?.address).toBe(bob.address)
  })

  it('refuses an enable without an app name', async () => {
    const extension = await createTestPolkadotExtension()
    await expect(extension.provider.enable('')).rejects.toThrow('An app must give its name')
    expect(extension.getState().authorized).toBe(false)
  })

  it('refuses access in reject mode as extensions do, and does not ask an authorised site again', async () => {
    const extension = await createTestPolkadotExtension({ mode: 'reject' })
    await expect(extension.provider.enable('Shop')).rejects.toThrow(
      'The source Shop is not allowed to interact with this extension',
    )
    extension.setMode('approve')
    await extension.provider.enable('Shop')
    extension.setMode('reject')
    await expect(extension.provider.enable('Shop')).resolves.toBeDefined()
  })

  it('never answers an enable in hang mode', async () => {
    const extension = await createTestPolkadotExtension({ mode: 'hang' })
    expect(await isPending(extension.provider.enable('Shop'))).toBe(true)
    expect(extension.getState().authorized).toBe(false)
  })

  it('tells subscribers the current accounts at once, then each switch and a revocation', async () => {
    const extension = await createTestPolkadotExtension({ ss58Prefix: 2 })
    const injected = await extension.provider.enable('Shop')
    const seen: InjectedAccount[][] = []
    const unsubscribe = injected.accounts.subscribe((accounts) => seen.push(accounts))
    await Promise.resolve()
    expect(seen).toHaveLength(1)
    expect(seen[0]).toHaveLength(6)
    extension.setAccounts([2])
    expect(seen[1]?.map((account) => account.address)).toEqual([charlie.address])
    expect(await injected.accounts.get()).toEqual(seen[1])
    extension.setAccounts([1, 0])
    expect(seen[2]?.map((account) => account.name)).toEqual(['Bob', 'Alice'])
    extension.revoke()
    expect(seen[3]).toEqual([])
    unsubscribe()
    extension.setAccounts([0])
    expect(seen).toHaveLength(4)
    expect(() => extension.setAccounts([6])).toThrow(RangeError)
  })

  it('signs raw bytes wrapped in <Bytes>, verifiable with signatureVerify', async () => {
    const extension = await createTestPolkadotExtension()
    const injected = await extension.provider.enable('Shop')
    const message = 'Sign in to Shop'
    const first = await injected.signer.signRaw({
      address: generic(alice.publicKey),
      data: stringToHex(message),
      type: 'bytes',
    })
    // Any prefix names the same key.
    const second = await injected.signer.signRaw({
      address: alice.address,
      data: stringToHex(message),
      type: 'bytes',
    })
    expect(second.id).toBeGreaterThan(first.id)
    const verified = signatureVerify(u8aWrapBytes(stringToU8a(message)), first.signature, alice.address)
    expect(verified).toMatchObject({ isValid: true, crypto: 'sr25519', isWrapped: true })
    // signatureVerify also accepts the unwrapped message when the signature is over the wrapped one.
    expect(signatureVerify(message, first.signature, alice.address).isValid).toBe(true)
    expect(signatureVerify(message, first.signature, bob.address).isValid).toBe(false)
    expect(signatureVerify('another message', first.signature, alice.address).isValid).toBe(false)
  })

  it('signs with an ed25519 key too', async () => {
    const extension = await createTestPolkadotExtension({
      keys: [{ uri: '//Ed', type: 'ed25519', name: 'Ed' }],
    })
    const [account] = await (await extension.provider.enable('Shop')).accounts.get()
    const { signature } = await (await extension.provider.enable('Shop')).signer.signRaw({
      address: account?.address as string,
      data: stringToHex('hello'),
      type: 'bytes',
    })
    expect(account?.type).toBe('ed25519')
    expect(signatureVerify('hello', signature, account?.address as string)).toMatchObject({
      isValid: true,
      crypto: 'ed25519',
    })
  })

  it('throws Cancelled for a rejected signature, its own error in fail mode, and never answers in hang mode', async () => {
    const extension = await createTestPolkadotExtension()
    const injected = await extension.provider.enable('Shop')
    extension.setMode('reject')
    const raw = { address: alice.address, data: stringToHex('x'), type: 'bytes' as const }
    await expect(injected.signer.signRaw(raw)).rejects.toThrow(/^Cancelled$/)
    extension.setMode('fail')
    await expect(injected.signer.signRaw(raw)).rejects.toThrow('Internal error in the test extension.')
    extension.setMode('hang')
    expect(await isPending(injected.signer.signRaw(raw))).toBe(true)
  })

  it('refuses to sign for an account the site does not see, or before enable', async () => {
    const extension = await createTestPolkadotExtension({ exposed: [0] })
    const injected = await extension.provider.enable('Shop')
    await expect(
      injected.signer.signRaw({ address: bob.address, data: '0x00', type: 'bytes' }),
    ).rejects.toThrow('Unable to find the account')
    await expect(
      injected.signer.signRaw({ address: 'nonsense', data: '0x00', type: 'bytes' }),
    ).rejects.toThrow('is not an SS58 address')
    extension.revoke()
    await expect(
      injected.signer.signRaw({ address: alice.address, data: '0x00', type: 'bytes' }),
    ).rejects.toThrow('call enable first')
    expect(extension.requests().map((request) => request.method)).toEqual([
      'enable',
      'signRaw',
      'signRaw',
      'signRaw',
    ])
    expect(u8aToHex(stringToU8a(''))).toBe('0x')
  })
})
