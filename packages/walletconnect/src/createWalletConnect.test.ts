import { createServer, type Server, type Socket } from 'node:net'
import {
  NotConnectedError,
  ProviderTimeoutError,
  UserRejectedRequestError,
  type WalletConnectEvent,
  type WalletConnectPairing,
} from '@portico/core'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS, type AnvilInstance, startAnvil } from '@portico/test'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  type TestWalletConnectWallet,
  type WalletConnectRelay,
} from '@portico/test/walletconnect'
import { createPublicClient, http, stringToHex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createMemoryStorage, type WalletConnectStorage } from './createMemoryStorage.js'
import { createWalletConnect } from './createWalletConnect.js'
import {
  type CreateWalletConnectParameters,
  DEFAULT_PAIRING_TTL_MS,
  DEFAULT_RELAY_TIMEOUT_MS,
  DEFAULT_RELAY_URL,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type WalletConnectService,
} from './createWalletConnectParameters.js'
import {
  WalletConnectAbortedError,
  WalletConnectChainNotApprovedError,
  WalletConnectProjectRefusedError,
  WalletConnectRelayError,
  WalletConnectRequestError,
} from './errors.js'

const CHAIN = 31337
// A second chain id the wallet also offers (served by the same anvil), to have one to switch to.
const OTHER_CHAIN = 31338
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0] as `0x${string}`)
const address = ANVIL_ADDRESSES[0] as `0x${string}`

let relay: WalletConnectRelay
let anvil: AnvilInstance
let wallet: TestWalletConnectWallet
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
beforeEach(async () => {
  wallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    account,
    rpcUrls: { [CHAIN]: anvil.rpcUrl, [OTHER_CHAIN]: anvil.rpcUrl },
  })
})
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.destroy()))
  await wallet.close()
})

function makeService(overrides: Partial<CreateWalletConnectParameters> = {}): WalletConnectService {
  const service = createWalletConnect({
    projectId: 'portico-test',
    relayUrl: relay.url,
    metadata: { name: 'Portico tests', description: 'A dapp in a test', url: 'http://localhost', icons: [] },
    verify: false,
    ...overrides,
  })
  service.registerNamespace('eip155', {
    chains: [`eip155:${CHAIN}`, `eip155:${OTHER_CHAIN}`],
    methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4'],
    events: ['accountsChanged', 'chainChanged'],
  })
  services.push(service)
  return service
}

/** Connects with the test wallet scanning every URI it is shown. */
async function connect(service: WalletConnectService, pairings: WalletConnectPairing[] = []) {
  return service.connect({
    onPairing: (pairing) => {
      pairings.push(pairing)
      void wallet.pair(pairing.uri)
    },
  })
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition was not met in time.')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('createWalletConnect', () => {
  it('documents its defaults: the public relay, 5-minute pairings and requests, a 10 s relay wait', () => {
    expect(DEFAULT_RELAY_URL).toBe('wss://relay.walletconnect.org')
    expect(DEFAULT_PAIRING_TTL_MS).toBe(300_000)
    expect(DEFAULT_REQUEST_TIMEOUT_MS).toBe(300_000)
    expect(DEFAULT_RELAY_TIMEOUT_MS).toBe(10_000)
  })

  it('pairs through a wc: URI and resolves with the CAIP-10 accounts and the wallet’s metadata', async () => {
    const service = makeService()
    const pairings: WalletConnectPairing[] = []
    const before = Date.now()
    const session = await connect(service, pairings)

    expect(pairings).toHaveLength(1)
    expect(pairings[0]?.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(pairings[0]?.expiresAt).toBeGreaterThanOrEqual(before + DEFAULT_PAIRING_TTL_MS)
    expect([...session.accounts].sort()).toEqual([
      `eip155:${CHAIN}:${address}`,
      `eip155:${OTHER_CHAIN}:${address}`,
    ])
    expect(session.peer.name).toBe('Portico Test Wallet')
    expect(service.getSession()).toEqual(session)
  })

  it('asks the wallet for the registered namespaces as optionalNamespaces', async () => {
    const service = makeService()
    service.registerNamespace('eip155', {
      chains: [`eip155:${CHAIN}`],
      methods: ['wallet_sendCalls'],
      events: [],
    })
    await connect(service)
    const [session] = wallet.sessions()
    expect(session?.requiredNamespaces).toEqual({})
    expect(session?.optionalNamespaces.eip155?.chains).toEqual([`eip155:${CHAIN}`, `eip155:${OTHER_CHAIN}`])
    expect(session?.optionalNamespaces.eip155?.methods).toContain('wallet_sendCalls')
  })

  it('signs personal_sign with the wallet’s key, as viem verifies', async () => {
    const service = makeService()
    await connect(service)
    const message = 'Sign in to Portico'
    const signature = await service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'personal_sign',
      params: [stringToHex(message), address],
    })
    expect(await verifyMessage({ address, message, signature: signature as `0x${string}` })).toBe(true)
    expect(wallet.requests().at(-1)).toMatchObject({ chainId: `eip155:${CHAIN}`, method: 'personal_sign' })
  })

  it('rejects with UserRejectedRequestError when the wallet refuses the proposal', async () => {
    wallet.setMode('reject')
    const service = makeService()
    await expect(connect(service)).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(service.getSession()).toBeUndefined()
  })

  it('rejects with a 4001 UserRejectedRequestError when the wallet refuses a request', async () => {
    const service = makeService()
    await connect(service)
    wallet.setRequestMode('reject')
    const refused = service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'personal_sign',
      params: [stringToHex('no'), address],
    })
    await expect(refused).rejects.toBeInstanceOf(UserRejectedRequestError)
    await expect(refused).rejects.toMatchObject({ code: 4001 })
  })

  it('keeps the code and data of a wallet error core has no class for', async () => {
    const service = makeService()
    await connect(service)
    const failed = service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'eth_signTypedData_v4',
      params: [address, '{'],
    })
    await expect(failed).rejects.toBeInstanceOf(WalletConnectRequestError)
    const error = (await failed.catch((caught: unknown) => caught)) as WalletConnectRequestError
    expect(error.code).not.toBe(4001)
    expect(typeof error.code).toBe('number')
  })

  it('refuses a request for a chain the session does not hold, without asking the wallet', async () => {
    const service = makeService()
    await connect(service)
    const seen = wallet.requests().length
    await expect(
      service.request({ chainId: 'eip155:1', method: 'personal_sign', params: [] }),
    ).rejects.toBeInstanceOf(WalletConnectChainNotApprovedError)
    expect(wallet.requests()).toHaveLength(seen)
  })

  it('rejects a request with NotConnectedError before any session', async () => {
    const service = makeService()
    await expect(
      service.request({ chainId: `eip155:${CHAIN}`, method: 'personal_sign' }),
    ).rejects.toBeInstanceOf(NotConnectedError)
  })

  it('a relay that refuses the project id: WalletConnectProjectRefusedError with its reason, before the relay timeout', async () => {
    const refusing = await startWalletConnectRelay({ projectIds: ['issued-id'], log: () => {} })
    try {
      const service = makeService({ relayUrl: refusing.url, projectId: 'not-issued', relayTimeoutMs: 20_000 })
      const pairings: WalletConnectPairing[] = []
      const started = Date.now()
      const error = await service.connect({ onPairing: (pairing) => pairings.push(pairing) }).catch((e) => e)
      expect(error).toBeInstanceOf(WalletConnectProjectRefusedError)
      expect(error.reason).toBe('Unauthorized: invalid key')
      expect(error.notice).toEqual({ key: 'wcProjectRefused' })
      expect(error.details).toContain('refused project id "not-issued": Unauthorized: invalid key')
      expect(pairings).toEqual([])
      expect(Date.now() - started).toBeLessThan(20_000)
    } finally {
      await refusing.close()
    }
  })

  it('fails a request the wallet never answers after requestTimeoutMs', async () => {
    const service = makeService({ requestTimeoutMs: 400 })
    await connect(service)
    wallet.setRequestMode('ignore')
    const started = Date.now()
    const unanswered = service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'personal_sign',
      params: [stringToHex('hello?'), address],
    })
    await expect(unanswered).rejects.toBeInstanceOf(ProviderTimeoutError)
    await expect(unanswered).rejects.toThrow(/did not answer personal_sign within 400 ms/)
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it('replaces an expired pairing with a new URI and connects when the wallet approves that one', async () => {
    const service = makeService({ pairingTtlMs: 1500 })
    const pairings: WalletConnectPairing[] = []
    const session = await service.connect({
      onPairing: (pairing) => {
        pairings.push(pairing)
        // The visitor only scans the second QR code.
        if (pairings.length === 2) void wallet.pair(pairing.uri)
      },
    })
    expect(pairings).toHaveLength(2)
    expect(pairings[1]?.uri).not.toBe(pairings[0]?.uri)
    expect(pairings[1]?.expiresAt).toBeGreaterThan(pairings[0]?.expiresAt ?? Number.POSITIVE_INFINITY)
    expect(session.accounts).toContain(`eip155:${CHAIN}:${address}`)
    expect(wallet.proposals()).toHaveLength(1)
  })

  it('rejects with WalletConnectAbortedError when the signal aborts, and stops making pairings', async () => {
    const service = makeService({ pairingTtlMs: 300 })
    const controller = new AbortController()
    const pairings: WalletConnectPairing[] = []
    const pairing = service.connect({
      signal: controller.signal,
      onPairing: (shown) => {
        pairings.push(shown)
        controller.abort()
      },
    })
    await expect(pairing).rejects.toBeInstanceOf(WalletConnectAbortedError)
    await new Promise((resolve) => setTimeout(resolve, 900))
    expect(pairings).toHaveLength(1)
  })

  it('rejects at once when the signal has already aborted', async () => {
    const service = makeService()
    const pairings: WalletConnectPairing[] = []
    await expect(
      service.connect({ signal: AbortSignal.abort(), onPairing: (shown) => pairings.push(shown) }),
    ).rejects.toBeInstanceOf(WalletConnectAbortedError)
    expect(pairings).toEqual([])
  })

  it('reports the wallet disconnecting as a disconnect event and forgets the session', async () => {
    const service = makeService()
    const events: WalletConnectEvent[] = []
    service.subscribe((event) => events.push(event))
    await connect(service)
    await wallet.disconnect()
    await until(() => events.length > 0)
    expect(events).toEqual([{ type: 'disconnect' }])
    expect(service.getSession()).toBeUndefined()
  })

  it('reports the wallet’s accountsChanged as CAIP-10 and chainChanged as CAIP-2', async () => {
    const service = makeService()
    const events: WalletConnectEvent[] = []
    const unsubscribe = service.subscribe((event) => events.push(event))
    await connect(service)
    const other = ANVIL_ADDRESSES[1] as string
    await wallet.emitAccountsChanged([other])
    await wallet.emitChainChanged(OTHER_CHAIN)
    await until(() => events.length >= 2)
    expect(events).toEqual([
      { type: 'accountsChanged', accounts: [`eip155:${CHAIN}:${other}`] },
      { type: 'chainChanged', chainId: `eip155:${OTHER_CHAIN}` },
    ])
    unsubscribe()
    await wallet.emitChainChanged(CHAIN)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(events).toHaveLength(2)
  })

  it('ends the session on both sides on disconnect()', async () => {
    const service = makeService()
    await connect(service)
    expect(wallet.sessions()).toHaveLength(1)
    await service.disconnect()
    expect(service.getSession()).toBeUndefined()
    await until(() => wallet.sessions().length === 0)
    await expect(service.reconnect()).resolves.toBeUndefined()
  })

  it('restores the session in a new service on the same storage, and the wallet still answers it', async () => {
    const storage: WalletConnectStorage = createMemoryStorage()
    const first = makeService({ storage })
    const session = await connect(first)
    await first.destroy()

    const second = makeService({ storage })
    expect(second.getSession()).toBeUndefined()
    const restored = await second.reconnect()
    expect(restored).toEqual(session)
    const signature = await second.request({
      chainId: `eip155:${CHAIN}`,
      method: 'personal_sign',
      params: [stringToHex('after reload'), address],
    })
    expect(
      await verifyMessage({ address, message: 'after reload', signature: signature as `0x${string}` }),
    ).toBe(true)
  })

  it('keeps two services in one page apart: a second one does not see the first one’s session', async () => {
    const first = makeService({ storage: createMemoryStorage() })
    await connect(first)
    const second = makeService({ storage: createMemoryStorage() })
    await expect(second.reconnect()).resolves.toBeUndefined()
    expect(first.getSession()).toBeDefined()
  })

  it('restores nothing from an empty storage', async () => {
    const service = makeService({ storage: createMemoryStorage() })
    await expect(service.reconnect()).resolves.toBeUndefined()
  })

  it('sends eth_sendTransaction through the wallet to anvil', async () => {
    const service = makeService()
    await connect(service)
    const publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
    const recipient = ANVIL_ADDRESSES[2] as `0x${string}`
    const before = await publicClient.getBalance({ address: recipient })
    const hash = (await service.request({
      chainId: `eip155:${CHAIN}`,
      method: 'eth_sendTransaction',
      params: [{ from: address, to: recipient, value: '0xde0b6b3a7640000' }],
    })) as `0x${string}`
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(await publicClient.getBalance({ address: recipient })).toBe(before + 10n ** 18n)
  })
})

describe('createWalletConnect with a relay that never answers', () => {
  let silent: Server
  const sockets = new Set<Socket>()
  beforeAll(async () => {
    // Accepts TCP connections and never completes the WebSocket handshake.
    silent = createServer((socket) => {
      sockets.add(socket)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => silent.close(resolve))
  })

  it('rejects the pairing with WalletConnectRelayError within relayTimeoutMs', async () => {
    const port = (silent.address() as { port: number }).port
    const service = makeService({ relayUrl: `ws://127.0.0.1:${port}`, relayTimeoutMs: 1500 })
    const pairings: WalletConnectPairing[] = []
    const started = Date.now()
    const pairing = service.connect({ onPairing: (shown) => pairings.push(shown) })
    await expect(pairing).rejects.toBeInstanceOf(WalletConnectRelayError)
    await expect(pairing).rejects.toThrow(/did not answer within 1500 ms/)
    expect(Date.now() - started).toBeLessThan(4000)
    expect(pairings).toEqual([])
  })
})
