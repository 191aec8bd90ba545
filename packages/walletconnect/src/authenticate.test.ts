import { UserRejectedRequestError, type WalletConnectAuthRequest } from '@portico/core'
import { createBrowserSiwxStorage, createSiwx, parseSiwxMessage } from '@portico/siwx'
import { eip155Verifier } from '@portico/siwx/eip155'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, type AnvilInstance, startAnvil } from '@portico/test'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  type TestWalletConnectWallet,
  type WalletConnectRelay,
} from '@portico/test/walletconnect'
import { stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createWalletConnect } from './createWalletConnect.js'
import type { WalletConnectService } from './createWalletConnectParameters.js'

// One-click sign-in (SPEC §5, §7): the wallet signs the site's CAIP-122 message while pairing.
const CHAIN = 31337
const OTHER_CHAIN = 31338
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1] as `0x${string}`)
const address = ANVIL_ADDRESSES[1] as `0x${string}`
const SITE = { domain: 'shop.example', origin: 'https://shop.example' }

let relay: WalletConnectRelay
let anvil: AnvilInstance
const wallets: TestWalletConnectWallet[] = []
const services: WalletConnectService[] = []

beforeAll(async () => {
  ;[relay, anvil] = await Promise.all([
    startWalletConnectRelay({ log: () => {} }),
    startAnvil({ chainId: CHAIN }),
  ])
})
afterAll(async () => {
  await Promise.all([relay?.close(), anvil?.stop()])
})
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.destroy()))
  await Promise.all(wallets.splice(0).map((wallet) => wallet.close()))
})

async function makeWallet(authenticate?: boolean) {
  const wallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    account,
    rpcUrls: { [CHAIN]: anvil.rpcUrl, [OTHER_CHAIN]: anvil.rpcUrl },
    ...(authenticate === undefined ? {} : { authenticate }),
  })
  wallets.push(wallet)
  return wallet
}

function makeService(namespaces: 'eip155' | 'eip155+solana' = 'eip155') {
  const service = createWalletConnect({
    projectId: 'portico-test',
    relayUrl: relay.url,
    metadata: { name: 'Shop', description: 'A shop', url: SITE.origin, icons: [] },
    verify: false,
  })
  service.registerNamespace('eip155', {
    chains: [`eip155:${CHAIN}`, `eip155:${OTHER_CHAIN}`],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['accountsChanged', 'chainChanged'],
  })
  if (namespaces === 'eip155+solana')
    service.registerNamespace('solana', {
      chains: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
      methods: ['solana_signMessage'],
      events: [],
    })
  services.push(service)
  return service
}

const siteStorage = () => createBrowserSiwxStorage({ verifiers: [eip155Verifier()], ...SITE })

/** The site's message fields as `createSiwx` writes them, with a placeholder account. */
async function authRequest(chains: string[], storage = siteStorage()): Promise<WalletConnectAuthRequest> {
  const siwx = createSiwx({
    storage,
    domain: SITE.domain,
    uri: `${SITE.origin}/login`,
    statement: 'Sign in to the shop.',
  })
  const { data } = await siwx.createMessage({
    chainId: chains[0] as `eip155:${string}`,
    accountAddress: '0x0000000000000000000000000000000000000000',
  })
  return {
    chains,
    domain: data.domain,
    uri: data.uri,
    nonce: data.nonce,
    ...(data.statement ? { statement: data.statement } : {}),
    ...(data.expirationTime ? { expirationTime: data.expirationTime } : {}),
  }
}

const pairWith = (wallet: TestWalletConnectWallet) => (pairing: { uri: string }) =>
  void wallet.pair(pairing.uri)

describe('WalletConnect sign-in while pairing', () => {
  it('returns the sign-in the wallet signed, which a sign-in storage verifies and keeps', async () => {
    const wallet = await makeWallet()
    const service = makeService()
    const storage = siteStorage()
    const authenticate = await authRequest([`eip155:${OTHER_CHAIN}`, `eip155:${CHAIN}`], storage)
    const connection = await service.connect({ onPairing: pairWith(wallet), authenticate })

    expect(wallet.authentications()).toHaveLength(1)
    expect(wallet.sessions()).toHaveLength(1)
    expect(connection.accounts).toContain(`eip155:${OTHER_CHAIN}:${address}`)
    const [signIn] = connection.signIns ?? []
    expect(signIn?.data).toMatchObject({
      domain: SITE.domain,
      accountAddress: address,
      uri: `${SITE.origin}/login`,
      chainId: `eip155:${OTHER_CHAIN}`,
      nonce: authenticate.nonce,
      expirationTime: authenticate.expirationTime,
    })
    // The statement the wallet showed: the site's, and the sentence for the methods it grants.
    expect(signIn?.data.statement).toMatch(/^Sign in to the shop\. I further authorize the stated URI/)
    expect(parseSiwxMessage(signIn!.message)).toEqual(signIn?.data)
    expect(
      await verifyMessage({
        address,
        message: signIn!.message,
        signature: signIn!.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(signIn?.cacao).toMatchObject({ h: { t: 'caip122' }, s: { t: 'eip191', s: signIn?.signature } })

    await storage.add(signIn!)
    expect(await storage.get(`eip155:${OTHER_CHAIN}`, address)).toHaveLength(1)
  })

  it('gives a session the wallet answers requests on, like a paired one', async () => {
    const wallet = await makeWallet()
    const service = makeService()
    await service.connect({
      onPairing: pairWith(wallet),
      authenticate: await authRequest([`eip155:${CHAIN}`]),
    })
    const signature = await service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'personal_sign',
      params: [stringToHex('hello'), address],
    })
    expect(await verifyMessage({ address, message: 'hello', signature: signature as `0x${string}` })).toBe(
      true,
    )
  })

  it('connects without sign-ins when the wallet only approves the session proposal', async () => {
    const wallet = await makeWallet(false)
    const service = makeService()
    const connection = await service.connect({
      onPairing: pairWith(wallet),
      authenticate: await authRequest([`eip155:${CHAIN}`]),
    })
    expect(wallet.authentications()).toEqual([])
    expect(wallet.proposals()).toHaveLength(1)
    expect(connection.signIns).toBeUndefined()
    expect(connection.accounts).toContain(`eip155:${CHAIN}:${address}`)
  })

  it('rejects with UserRejectedRequestError when the wallet refuses to sign in', async () => {
    const wallet = await makeWallet()
    wallet.setMode('reject')
    const service = makeService()
    await expect(
      service.connect({ onPairing: pairWith(wallet), authenticate: await authRequest([`eip155:${CHAIN}`]) }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(service.getSession()).toBeUndefined()
  })

  it('pairs without asking for a sign-in when a namespace other than eip155 is registered', async () => {
    const wallet = await makeWallet()
    const service = makeService('eip155+solana')
    const connection = await service.connect({
      onPairing: pairWith(wallet),
      authenticate: await authRequest([`eip155:${CHAIN}`]),
    })
    expect(wallet.authentications()).toEqual([])
    expect(wallet.proposals()).toHaveLength(1)
    expect(connection.signIns).toBeUndefined()
  })
})

describe('authenticationChains', () => {
  it('offers every registered EVM chain, before anything loads', () => {
    expect(makeService().authenticationChains()).toEqual([`eip155:${CHAIN}`, `eip155:${OTHER_CHAIN}`])
  })

  it('offers none when another namespace is registered too (SPEC §5)', () => {
    expect(makeService('eip155+solana').authenticationChains()).toEqual([])
  })
})
