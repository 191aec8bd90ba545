import { type CaipNetworkId, createMemoryStorage, type SiwxSession } from '@portico/core'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createSiwx, SIWX_DEFAULT_EXPIRATION_MS } from './createSiwx.js'
import { eip155Verifier } from './eip155/eip155Verifier.js'
import { parseSiwxMessage } from './message.js'
import { createBrowserSiwxStorage } from './storage/createBrowserSiwxStorage.js'
import type { SiwxStorage } from './storage/siwxStorage.js'

const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const CHAIN: CaipNetworkId = 'eip155:1'
const NOW = new Date('2025-06-01T10:00:00.000Z')

function browserStorage(): SiwxStorage {
  return createBrowserSiwxStorage({
    verifiers: [eip155Verifier()],
    storage: createMemoryStorage(),
    domain: 'shop.example',
    origin: 'https://shop.example',
    now: () => NOW.getTime(),
  })
}

/** A storage that issues no nonces, so `createSiwx` has to make its own. */
function withoutNonces(storage: SiwxStorage): SiwxStorage {
  return { add: storage.add, get: storage.get, delete: storage.delete }
}

const site = { domain: 'shop.example', uri: 'https://shop.example/login', now: () => NOW }

describe('createSiwx', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('writes a message with the site, the account, version 1 and the time of writing', async () => {
    const siwx = createSiwx({ storage: browserStorage(), ...site })
    const { data, message } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(data).toMatchObject({
      domain: 'shop.example',
      uri: 'https://shop.example/login',
      accountAddress: account.address,
      chainId: CHAIN,
      version: '1',
      issuedAt: NOW.toISOString(),
    })
    expect(parseSiwxMessage(message)).toEqual(data)
  })

  it('sets the expiration 7 days after issuing by default', async () => {
    const siwx = createSiwx({ storage: browserStorage(), ...site })
    const { data } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(SIWX_DEFAULT_EXPIRATION_MS).toBe(604_800_000)
    expect(data.expirationTime).toBe('2025-06-08T10:00:00.000Z')
  })

  it('writes no expiration time when expiresInMs is null, and the given one otherwise', async () => {
    const never = createSiwx({ storage: browserStorage(), ...site, expiresInMs: null })
    const forever = await never.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect('expirationTime' in forever.data).toBe(false)
    expect(forever.message).not.toContain('Expiration Time')
    const hour = createSiwx({ storage: browserStorage(), ...site, expiresInMs: 3_600_000 })
    const { data } = await hour.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(data.expirationTime).toBe('2025-06-01T11:00:00.000Z')
  })

  it('writes the statement, a copy of the resources and a fresh request id into each message', async () => {
    const resources = ['https://shop.example/terms']
    let requests = 0
    const siwx = createSiwx({
      storage: browserStorage(),
      ...site,
      statement: 'Sign in to the shop.',
      resources,
      requestId: () => `request${++requests}`,
    })
    const first = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    const second = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(first.data).toMatchObject({
      statement: 'Sign in to the shop.',
      resources: ['https://shop.example/terms'],
      requestId: 'request1',
    })
    expect(second.data.requestId).toBe('request2')
    resources.push('https://shop.example/changed-later')
    expect(first.data.resources).toEqual(['https://shop.example/terms'])
    expect(first.message).toContain('\nSign in to the shop.\n')
    expect(first.message).toContain('\nRequest ID: request1\nResources:\n- https://shop.example/terms')
  })

  it('leaves an empty resources list and an absent statement out of the message', async () => {
    const siwx = createSiwx({ storage: browserStorage(), ...site, resources: [] })
    const { data, message } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect('resources' in data).toBe(false)
    expect('statement' in data).toBe(false)
    expect(message).not.toContain('Resources:')
  })

  it("takes the nonce from the storage's getNonce", async () => {
    const storage = browserStorage()
    const issued: string[] = []
    const siwx = createSiwx({
      storage: {
        ...storage,
        getNonce: async (input) => {
          const nonce = await storage.getNonce!(input)
          issued.push(nonce)
          return nonce
        },
      },
      ...site,
    })
    const { data } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(issued).toEqual([data.nonce])
  })

  it('makes a random 20-character nonce when the storage issues none', async () => {
    const siwx = createSiwx({ storage: withoutNonces(browserStorage()), ...site })
    const nonces = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const { data } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
      expect(data.nonce).toMatch(/^[A-Za-z0-9]{20}$/)
      nonces.add(data.nonce)
    }
    expect(nonces.size).toBe(5)
  })

  it("uses the page's host and address without its fragment when domain and uri are not given", async () => {
    vi.stubGlobal('location', {
      host: 'page.example:3000',
      href: 'https://page.example:3000/account?tab=1#top',
    })
    const siwx = createSiwx({ storage: browserStorage(), now: () => NOW })
    const { data } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    expect(data.domain).toBe('page.example:3000')
    expect(data.uri).toBe('https://page.example:3000/account?tab=1')
  })

  it('refuses to write a message outside a page without domain and uri', async () => {
    const siwx = createSiwx({ storage: browserStorage(), uri: 'https://shop.example' })
    await expect(siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })).rejects.toThrow(
      /needs `domain` and `uri`/,
    )
  })

  it('is optional and signs out on disconnect by default, and takes both settings', () => {
    const defaults = createSiwx({ storage: browserStorage(), ...site })
    expect(defaults.required).toBe(false)
    expect(defaults.signOutOnDisconnect).toBe(true)
    const strict = createSiwx({
      storage: browserStorage(),
      ...site,
      required: true,
      signOutOnDisconnect: false,
    })
    expect(strict.required).toBe(true)
    expect(strict.signOutOnDisconnect).toBe(false)
  })

  it('adds, reads and revokes sessions through the storage', async () => {
    const storage = browserStorage()
    const siwx = createSiwx({ storage, ...site })
    const { data, message } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    const session: SiwxSession = { data, message, signature: await account.signMessage({ message }) }
    await siwx.addSession(session)
    expect(await storage.get(CHAIN, account.address)).toEqual([session])
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([session])
    await siwx.revokeSession(CHAIN, account.address)
    expect(await storage.get(CHAIN, account.address)).toEqual([])
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
  })

  it('passes the refusal of the storage on to the caller', async () => {
    const siwx = createSiwx({ storage: browserStorage(), ...site })
    const { data, message } = await siwx.createMessage({ chainId: CHAIN, accountAddress: account.address })
    const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
    await expect(
      siwx.addSession({ data, message, signature: await stranger.signMessage({ message }) }),
    ).rejects.toMatchObject({ name: 'SiwxVerificationError', reason: 'INVALID_SIGNATURE' })
    expect(await siwx.getSessions(CHAIN, account.address)).toEqual([])
  })
})
