import { type CaipNetworkId, createMemoryStorage, type SiwxSession, type Storage } from '@portico/core'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it } from 'vitest'
import { eip155Verifier } from '../eip155/eip155Verifier.js'
import { createSiwxMessage } from '../message.js'
import {
  BROWSER_SIWX_STORAGE_KEY,
  type CreateBrowserSiwxStorageOptions,
  createBrowserSiwxStorage,
  SIWX_NONCE_TTL_MS,
} from './createBrowserSiwxStorage.js'
import type { SiwxStorage } from './siwxStorage.js'

const alice = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const bob = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const MAINNET: CaipNetworkId = 'eip155:1'
const OPTIMISM: CaipNetworkId = 'eip155:10'
const START = Date.parse('2025-06-01T10:00:00.000Z')
const HOUR = 3_600_000

describe('createBrowserSiwxStorage', () => {
  let memory: Storage
  let clock: number
  let storage: SiwxStorage

  const open = (options: Partial<CreateBrowserSiwxStorageOptions> = {}) =>
    createBrowserSiwxStorage({
      verifiers: [eip155Verifier()],
      storage: memory,
      domain: 'shop.example',
      origin: 'https://shop.example',
      now: () => clock,
      ...options,
    })

  /** Signs a one-hour session with a nonce from `from` (the storage under test by default). */
  async function signIn(
    signer: PrivateKeyAccount,
    chainId: CaipNetworkId = MAINNET,
    { from = storage, nonce }: { from?: SiwxStorage; nonce?: string } = {},
  ): Promise<SiwxSession> {
    const accountAddress = signer.address
    const data = {
      domain: 'shop.example',
      accountAddress,
      uri: 'https://shop.example/login',
      version: '1' as const,
      chainId,
      nonce: nonce ?? (await from.getNonce!({ chainId, accountAddress })),
      issuedAt: new Date(clock).toISOString(),
      expirationTime: new Date(clock + HOUR).toISOString(),
    }
    const message = createSiwxMessage(data)
    return { data, message, signature: await signer.signMessage({ message }) }
  }

  const stored = () => JSON.parse(memory.getItem(BROWSER_SIWX_STORAGE_KEY) ?? '[]') as SiwxSession[]

  beforeEach(() => {
    memory = createMemoryStorage()
    clock = START
    storage = open()
  })

  it('keeps an added session under its key and gives it back', async () => {
    const session = await signIn(alice)
    await storage.add(session)
    expect(await storage.get(MAINNET, alice.address)).toEqual([session])
    expect(stored()).toEqual([session])
  })

  it('issues a different nonce of 20 letters and digits each time', async () => {
    const first = await storage.getNonce!({ chainId: MAINNET, accountAddress: alice.address })
    const second = await storage.getNonce!({ chainId: MAINNET, accountAddress: alice.address })
    expect(first).toMatch(/^[A-Za-z0-9]{20}$/)
    expect(second).not.toBe(first)
  })

  it('refuses a session whose nonce was not issued here', async () => {
    const elsewhere = open({ storage: createMemoryStorage() })
    await expect(storage.add(await signIn(alice, MAINNET, { from: elsewhere }))).rejects.toThrow(
      /not issued here/,
    )
    await expect(storage.add(await signIn(alice, MAINNET, { nonce: 'madeUpNonce1' }))).rejects.toThrow(
      /not issued here/,
    )
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })

  it('refuses a nonce once its 5 minutes are over, and accepts it just before', async () => {
    const late = await signIn(alice)
    const inTime = await signIn(bob)
    clock += SIWX_NONCE_TTL_MS - 1
    await storage.add(inTime)
    clock += 1
    await expect(storage.add(late)).rejects.toThrow(/expired/)
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(await storage.get(MAINNET, bob.address)).toEqual([inTime])
  })

  it('refuses a nonce that was already used', async () => {
    const session = await signIn(alice)
    await storage.add(session)
    await expect(storage.add(session)).rejects.toThrow(/was used/)
  })

  it("refuses a session whose signature is not the account's, storing nothing", async () => {
    const session = await signIn(alice)
    const forged = { ...session, signature: await bob.signMessage({ message: session.message }) }
    await expect(storage.add(forged)).rejects.toMatchObject({ reason: 'INVALID_SIGNATURE' })
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })

  it('replaces the earlier session of the same account and chain', async () => {
    const first = await signIn(alice)
    await storage.add(first)
    clock += 1000
    const second = await signIn(alice)
    await storage.add(second)
    expect(await storage.get(MAINNET, alice.address)).toEqual([second])
    expect(stored()).toHaveLength(1)
  })

  it('gives only the sessions of the chain and address asked for, EVM addresses in any case', async () => {
    const aliceMainnet = await signIn(alice, MAINNET)
    const aliceOptimism = await signIn(alice, OPTIMISM)
    const bobMainnet = await signIn(bob, MAINNET)
    for (const session of [aliceMainnet, aliceOptimism, bobMainnet]) await storage.add(session)
    expect(await storage.get(MAINNET, alice.address)).toEqual([aliceMainnet])
    expect(await storage.get(MAINNET, alice.address.toLowerCase())).toEqual([aliceMainnet])
    expect(await storage.get(MAINNET, alice.address.toUpperCase().replace('0X', '0x'))).toEqual([
      aliceMainnet,
    ])
    expect(await storage.get(OPTIMISM, alice.address)).toEqual([aliceOptimism])
    expect(await storage.get(OPTIMISM, bob.address)).toEqual([])
    expect(await storage.get('eip155:8453', alice.address)).toEqual([])
  })

  it('drops a session whose stored message was tampered with, and keeps the others', async () => {
    const session = await signIn(alice)
    const other = await signIn(bob)
    await storage.add(session)
    await storage.add(other)
    const tampered = stored().map((kept) =>
      kept.data.accountAddress === alice.address
        ? {
            ...kept,
            data: { ...kept.data, expirationTime: '2099-01-01T00:00:00.000Z' },
            message: kept.message.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z'),
          }
        : kept,
    )
    memory.setItem(BROWSER_SIWX_STORAGE_KEY, JSON.stringify(tampered))
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(stored()).toEqual([other])
    expect(await storage.get(MAINNET, bob.address)).toEqual([other])
  })

  it('drops a session whose data no longer matches its message', async () => {
    await storage.add(await signIn(alice))
    const [kept] = stored()
    memory.setItem(
      BROWSER_SIWX_STORAGE_KEY,
      JSON.stringify([{ ...kept, data: { ...kept!.data, resources: ['https://shop.example/admin'] } }]),
    )
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })

  it('drops everything stored under its key when it is not JSON or not a list of sessions', async () => {
    for (const raw of ['{not json', '{"data": 1}', '[{"message": "hi"}]']) {
      memory.setItem(BROWSER_SIWX_STORAGE_KEY, raw)
      expect(await storage.get(MAINNET, alice.address), raw).toEqual([])
      expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY), raw).toBeNull()
    }
  })

  it('drops a session once it has expired', async () => {
    const session = await signIn(alice)
    await storage.add(session)
    clock += HOUR - 1
    expect(await storage.get(MAINNET, alice.address)).toEqual([session])
    clock += 1
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })

  it('drops a session signed for another domain when read by this site', async () => {
    await storage.add(await signIn(alice))
    const otherSite = open({ domain: 'other.example', origin: 'https://other.example' })
    expect(await otherSite.get(MAINNET, alice.address)).toEqual([])
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })

  it("deletes only the account's session on that chain", async () => {
    const aliceMainnet = await signIn(alice, MAINNET)
    const aliceOptimism = await signIn(alice, OPTIMISM)
    const bobMainnet = await signIn(bob, MAINNET)
    for (const session of [aliceMainnet, aliceOptimism, bobMainnet]) await storage.add(session)
    await storage.delete(MAINNET, alice.address.toLowerCase())
    expect(await storage.get(MAINNET, alice.address)).toEqual([])
    expect(stored()).toEqual([aliceOptimism, bobMainnet])
    await storage.delete(OPTIMISM, alice.address)
    await storage.delete(MAINNET, bob.address)
    expect(memory.getItem(BROWSER_SIWX_STORAGE_KEY)).toBeNull()
  })
})
