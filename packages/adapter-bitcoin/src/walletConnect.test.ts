import {
  type AdapterEvent,
  NotConnectedError,
  ProviderTimeoutError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@portico/core'
import { bip122Verifier } from '@portico/siwx/bip122'
import { createTestAdapterContext } from '@portico/test'
import { bitcoinTestKey } from '@portico/test/bitcoin/keys'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  TEST_WALLETCONNECT_BIP122_METHODS,
  type TestWalletConnectBip122Options,
  type TestWalletConnectWallet,
  type WalletConnectRelay,
} from '@portico/test/walletconnect'
import {
  createMemoryStorage,
  createWalletConnect,
  type WalletConnectService,
  type WalletConnectStorage,
} from '@portico/walletconnect'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type BitcoinAdapter, type BitcoinAdapterOptions, bitcoin } from './bitcoin.js'
import {
  type PorticoBitcoinServer,
  startPorticoBitcoinServer,
} from './testing/porticoBitcoinServer.testkit.js'

// The bip122 namespace over a real WalletConnect session (the local relay, @portico/walletconnect as
// the site's service, the test wallet's sign-client) against bcoin regtest behind the Portico server.
const connectorId = WALLET_CONNECT_CONNECTOR_ID
const verifier = bip122Verifier()

let relay: WalletConnectRelay
let backend: PorticoBitcoinServer
const cleanups: Array<() => unknown> = []

vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  ;[relay, backend] = await Promise.all([
    startWalletConnectRelay({ log: () => {} }),
    startPorticoBitcoinServer(),
  ])
}, 120_000)
afterAll(async () => {
  await Promise.all([relay?.close(), backend?.stop()])
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function makeService(storage: WalletConnectStorage): WalletConnectService {
  const service = createWalletConnect({
    projectId: 'portico-test',
    relayUrl: relay.url,
    metadata: { name: 'Portico tests', description: 'A dapp in a test', url: 'http://localhost', icons: [] },
    verify: false,
    storage,
  })
  cleanups.push(() => service.destroy())
  return service
}

function makeAdapter(service: WalletConnectService, options: BitcoinAdapterOptions = {}) {
  const { context, events } = createTestAdapterContext([backend.network], true)
  const adapter: BitcoinAdapter = bitcoin({
    walletConnect: service,
    window: {},
    fetch: backend.fetch,
    confirmationPollingIntervalMs: 100,
    ...options,
  })(context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { adapter, events: events as AdapterEvent[] }
}

/**
 * The site's service paired with the test wallet (bitcoin test key `accountIndex`, a fresh one per
 * test so balances do not mix) and the adapter connected through its WALLET_CONNECT connector.
 */
async function setup(
  accountIndex: number,
  bip122: Partial<TestWalletConnectBip122Options> = {},
  options: BitcoinAdapterOptions = {},
) {
  const storage = createMemoryStorage()
  const service = makeService(storage)
  const wallet: TestWalletConnectWallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    rpcUrls: {},
    bip122: {
      chains: [backend.network.caipNetworkId],
      accountIndex,
      api: { url: backend.network.rpcUrls.default.http[0]!, fetch: backend.fetch },
      ...bip122,
    },
  })
  cleanups.push(() => wallet.close())
  const { adapter, events } = makeAdapter(service, options)
  // What core's connectWalletConnect does: pair, then connect the namespace's WALLET_CONNECT connector.
  const session = await service.connect({ onPairing: (pairing) => void wallet.pair(pairing.uri) })
  const result = await adapter.connect({ connectorId, network: backend.network })
  const addresses = wallet.bip122Addresses!
  return { storage, service, wallet, adapter, events, session, result, ...addresses }
}

const methodsAsked = (wallet: TestWalletConnectWallet) => wallet.requests().map((request) => request.method)

describe('the WALLET_CONNECT connector', () => {
  it('is offered once started, and new pairings ask for bip122 with WalletConnect’s Bitcoin methods', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()))
    expect(adapter.getConnectors()).toContainEqual({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      namespace: 'bip122',
      installed: true,
      imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
    })
    const { wallet, session, payment } = await setup(20)
    expect(wallet.sessions()[0]?.optionalNamespaces.bip122).toEqual({
      chains: [backend.network.caipNetworkId],
      methods: [...TEST_WALLETCONNECT_BIP122_METHODS],
      events: [],
    })
    expect(session.accounts).toEqual([`${backend.network.caipNetworkId}:${payment}`])
  })

  it('is not offered without walletConnect', () => {
    const { context } = createTestAdapterContext([backend.network], true)
    const adapter = bitcoin({ window: {} })(context)
    adapter.start()
    expect(adapter.getConnectors()).toEqual([])
  })

  it('connects the session’s account as the payment address and the wallet’s ordinal address beside it', async () => {
    const { adapter, result, payment, ordinals, wallet } = await setup(21)
    expect(result).toEqual({
      address: payment,
      accounts: [payment, ordinals],
      chainId: backend.network.id,
    })
    expect(adapter.getAccounts(connectorId)).toMatchObject({
      payment: {
        address: payment,
        purpose: 'payment',
        publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      },
      ordinals: { address: ordinals, purpose: 'ordinals' },
      active: 'payment',
    })
    expect(wallet.requests()).toMatchObject([
      { method: 'getAccountAddresses', params: { account: payment, intentions: ['payment', 'ordinal'] } },
    ])
  })

  it('connects the payment address alone when the wallet does not offer getAccountAddresses', async () => {
    const { result, payment } = await setup(22, { methods: ['signMessage', 'signPsbt'] })
    expect(result.accounts).toEqual([payment])
  })

  it('refuses to connect without a session (pairing is core’s, before connect)', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()))
    await expect(adapter.connect({ connectorId })).rejects.toBeInstanceOf(NotConnectedError)
  })
})

describe('signing over WalletConnect', () => {
  const verify = (address: string, message: string, signature: string) =>
    verifier.verify({
      data: { accountAddress: address, chainId: backend.network.caipNetworkId } as never,
      message,
      signature,
    })

  it('signs with BIP-322 by the payment and the ordinals address, verified by @portico/siwx/bip122', async () => {
    const { adapter, payment, ordinals, wallet } = await setup(23)
    const message = 'Sign in to Portico over WalletConnect'
    const segwit = await adapter.signMessage({ connectorId, address: payment, message })
    expect(await verify(payment, message, segwit)).toBe(true)
    expect(await verify(payment, `${message}!`, segwit)).toBe(false)
    adapter.setActiveAccount({ connectorId, purpose: 'ordinals' })
    const taproot = await adapter.signMessage({ connectorId, address: ordinals, message })
    expect(await verify(ordinals, message, taproot)).toBe(true)
    expect(wallet.requests().filter((request) => request.method === 'signMessage')).toMatchObject([
      {
        chainId: backend.network.caipNetworkId,
        params: { account: payment, address: payment, protocol: 'bip322' },
      },
      { params: { account: payment, address: ordinals, protocol: 'bip322' } },
    ])
  })

  it('signs a legacy (BIP-137) message when the site asks for ECDSA', async () => {
    const { adapter, payment } = await setup(24, {}, { messageProtocol: 'ecdsa' })
    const message = 'Legacy over WalletConnect'
    const signature = await adapter.signMessage({ connectorId, address: payment, message })
    expect(await verify(payment, message, signature)).toBe(true)
  })

  it('a refusal in the wallet is UserRejectedRequestError', async () => {
    const { adapter, payment, wallet } = await setup(25)
    wallet.setRequestMode('reject')
    await expect(
      adapter.signMessage({ connectorId, address: payment, message: 'no' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('a wallet that never answers ends in ProviderTimeoutError, and the connection stays', async () => {
    const { adapter, payment, wallet } = await setup(26, {}, { promptTimeoutMs: 1_000 })
    wallet.setRequestMode('ignore')
    await expect(
      adapter.signMessage({ connectorId, address: payment, message: 'hello?' }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError)
    // The wallet holds later requests behind the unanswered one (sign-client queues them); the site
    // is not stuck: the connection and its reads go on.
    expect(adapter.getAccounts(connectorId)?.payment.address).toBe(payment)
    expect(await adapter.getAddressBalance({ address: payment, network: backend.network })).toEqual({
      confirmed: 0n,
      unconfirmed: 0n,
    })
  })
})

describe('sending over WalletConnect', () => {
  it('sends a PSBT the wallet signed with signPsbt, broadcast by the adapter, followed until confirmed', async () => {
    const { adapter, payment, wallet } = await setup(27)
    const network = backend.network
    await backend.node.fund(payment, 100_000n)
    // Not the wallet's taproot address: bcoin 1.0.2 cannot look taproot addresses up.
    const to = bitcoinTestKey(127).p2wpkh
    const hash = await adapter.send.send({ connectorId, address: payment, network, to, amount: 30_000n })
    const confirmed = adapter.send.waitForTransaction({ hash, network, timeoutMs: 20_000 })
    await backend.node.mine(1)
    expect(await confirmed).toEqual({ status: 'success' })
    expect(methodsAsked(wallet)).toEqual(['getAccountAddresses', 'signPsbt'])
    expect(wallet.requests()[1]?.params).toMatchObject({
      account: payment,
      broadcast: false,
      signInputs: [{ address: payment, index: 0 }],
    })
    await expect
      .poll(() => adapter.getAddressBalance({ address: to, network }), { timeout: 5_000, interval: 250 })
      .toEqual({ confirmed: 30_000n, unconfirmed: 0n })
  }, 60_000)

  it('has a wallet without signPsbt send with sendTransfer, and follows its txid until confirmed', async () => {
    const { adapter, payment, wallet } = await setup(28, {
      methods: ['getAccountAddresses', 'signMessage', 'sendTransfer'],
    })
    const network = backend.network
    await backend.node.fund(payment, 100_000n)
    const to = bitcoinTestKey(128).p2wpkh
    const hash = await adapter.send.send({ connectorId, address: payment, network, to, amount: 25_000n })
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    const confirmed = adapter.send.waitForTransaction({ hash, network, timeoutMs: 20_000 })
    await backend.node.mine(1)
    expect(await confirmed).toEqual({ status: 'success' })
    // sign-client refuses the unapproved signPsbt before it reaches the wallet.
    expect(methodsAsked(wallet)).toEqual(['getAccountAddresses', 'sendTransfer'])
    expect(wallet.requests()[1]?.params).toEqual({ account: payment, recipientAddress: to, amount: '25000' })
    await expect
      .poll(() => adapter.getAddressBalance({ address: to, network }), { timeout: 5_000, interval: 250 })
      .toEqual({ confirmed: 25_000n, unconfirmed: 0n })
  }, 60_000)

  it('a refused signature sends nothing', async () => {
    const { adapter, payment, wallet } = await setup(29)
    const network = backend.network
    await backend.node.fund(payment, 100_000n)
    wallet.setRequestMode('reject')
    await expect(
      adapter.send.send({
        connectorId,
        address: payment,
        network,
        to: wallet.bip122Addresses!.ordinals,
        amount: 10_000n,
      }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await adapter.getAddressBalance({ address: payment, network })).toEqual({
      confirmed: 100_000n,
      unconfirmed: 0n,
    })
  }, 60_000)
})

describe('after a reload', () => {
  it('reconnects from the stored session at once, and the ordinals address follows from the wallet', async () => {
    const { storage, payment, ordinals } = await setup(30)
    const { adapter, events } = makeAdapter(makeService(storage))
    const restored = await adapter.reconnect({ connectorId, timeoutMs: 10_000 })
    expect(restored).toEqual({ address: payment, accounts: [payment], chainId: backend.network.id })
    await expect
      .poll(() => events.filter((event) => event.type === 'accountsChanged'), { timeout: 10_000 })
      .toEqual([{ type: 'accountsChanged', connectorId, accounts: [payment, ordinals] }])
  })

  it('finds nothing when no session was stored', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()))
    expect(await adapter.reconnect({ connectorId, timeoutMs: 10_000 })).toBeUndefined()
  })
})
