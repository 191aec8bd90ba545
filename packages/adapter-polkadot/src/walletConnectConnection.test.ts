import { stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { signatureVerify } from '@polkadot/util-crypto'
import {
  type Network,
  NotConnectedError,
  ProviderTimeoutError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { POLKADOT_TEST_ACCOUNTS, type PolkadotTestChain } from '@portico/test/polkadot'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
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
import { kusama, type PolkadotNetwork, polkadotMainnet } from './networks.js'
import { type PolkadotAdapter, polkadot } from './polkadot.js'
import { encodeSs58 } from './ss58.js'
import { startTestNetwork, type TestNetwork } from './testChain.testkit.js'
import { WALLET_CONNECT_POLKADOT_METHODS } from './walletConnectMethods.js'

// One relay and one chain for the file: loading the runtime takes 10–16 s.
let relay: WalletConnectRelay
let testNetwork: TestNetwork
let chain: PolkadotTestChain
let network: PolkadotNetwork
const connectorId = WALLET_CONNECT_CONNECTOR_ID
const ROC = 10n ** 12n
const cleanups: Array<() => unknown> = []
// Pairing over the relay and a block on chopsticks take seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  ;[relay, testNetwork] = await Promise.all([startWalletConnectRelay({ log: () => {} }), startTestNetwork()])
  ;({ chain, network } = testNetwork)
}, 120_000)
afterAll(async () => {
  await Promise.all([relay?.close(), testNetwork?.stop()])
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const account = (name: string) => POLKADOT_TEST_ACCOUNTS.find((candidate) => candidate.name === name)!
const free = (address: string) => testNetwork.free(address)

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

function makeAdapter(
  service: WalletConnectService,
  networks: readonly Network[],
  options: { promptTimeoutMs?: number } = {},
) {
  const { context, events } = createTestAdapterContext(networks, true)
  const adapter = polkadot({ walletConnect: service, window: {}, ...options })(context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { adapter, events }
}

/**
 * A real WalletConnect service paired over the local relay with the test wallet, which holds one
 * development account on `walletChains`, and the adapter connected through its WALLET_CONNECT connector.
 */
async function setup(
  options: {
    name?: string
    networks?: readonly Network[]
    walletChains?: readonly string[]
    walletPrefix?: number
    promptTimeoutMs?: number
  } = {},
) {
  const networks = options.networks ?? [network]
  const storage = createMemoryStorage()
  const service = makeService(storage)
  const wallet: TestWalletConnectWallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    rpcUrls: {},
    polkadot: {
      uri: account(options.name ?? 'Alice').uri,
      chains: options.walletChains ?? [network.caipNetworkId],
      ss58Prefix: options.walletPrefix ?? chain.ss58Prefix,
    },
  })
  cleanups.push(() => wallet.close())
  const { adapter, events } = makeAdapter(
    service,
    networks,
    options.promptTimeoutMs === undefined ? {} : { promptTimeoutMs: options.promptTimeoutMs },
  )
  // What core's connectWalletConnect does: pair, then connect the namespace's WALLET_CONNECT connector.
  const session = await service.connect({ onPairing: (pairing) => void wallet.pair(pairing.uri) })
  const result = await adapter.connect({ connectorId, network: networks[0]! })
  return { service, storage, wallet, adapter, events, session, result, address: result.address }
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition was not met in time.')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const verifies = (message: string, signature: string, address: string) =>
  signatureVerify(u8aWrapBytes(stringToU8a(message)), signature, address).isValid

const methodsAsked = (wallet: TestWalletConnectWallet) => wallet.requests().map((request) => request.method)

async function sendAndWait(
  adapter: PolkadotAdapter,
  parameters: Parameters<PolkadotAdapter['send']['send']>[0],
) {
  const hash = await adapter.send.send(parameters)
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  await expect(adapter.send.waitForTransaction({ hash, network, timeoutMs: 10_000 })).resolves.toEqual({
    status: 'success',
  })
  return hash
}

describe('the WALLET_CONNECT connector', () => {
  it('is offered once started, with the mobile-wallet picture', () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()), [network])
    expect(adapter.getConnectors()).toEqual([
      {
        id: 'walletConnect',
        name: 'WalletConnect',
        type: 'WALLET_CONNECT',
        namespace: 'polkadot',
        installed: true,
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      },
    ])
  })

  it('asks new pairings for the polkadot namespace on the adapter’s networks, with the two Polkadot methods', async () => {
    const { wallet, session } = await setup({ networks: [network, kusama] })
    const [walletSession] = wallet.sessions()
    expect(walletSession?.optionalNamespaces.polkadot).toEqual({
      chains: [network.caipNetworkId, kusama.caipNetworkId],
      methods: [...WALLET_CONNECT_POLKADOT_METHODS],
      events: [],
    })
    expect(session.accounts).toEqual([`${network.caipNetworkId}:${wallet.polkadotAddress}`])
  })

  it('connects the session’s account on the network, written with the network’s prefix', async () => {
    // The wallet writes its address in the generic prefix 42; the site shows the network's (2).
    const { result } = await setup({ walletPrefix: 42 })
    expect(result).toEqual({
      address: account('Alice').address,
      accounts: [account('Alice').address],
      chainId: network.id,
    })
  })

  it('refuses to connect without a session (pairing is core’s, before connect)', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()), [network])
    await expect(adapter.connect({ connectorId, network })).rejects.toBeInstanceOf(NotConnectedError)
  })
})

describe('signing and sending over WalletConnect', () => {
  it('signs a message with polkadot_signMessage: the <Bytes>-wrapped message verifies against the account', async () => {
    const { adapter, address, wallet } = await setup()
    const message = 'Sign in to Portico over WalletConnect'
    const signature = await adapter.signMessage({ connectorId, address, message })
    expect(verifies(message, signature, address)).toBe(true)
    expect(verifies('another message', signature, address)).toBe(false)
    expect(wallet.requests()).toMatchObject([
      { method: 'polkadot_signMessage', chainId: network.caipNetworkId, params: { address, message } },
    ])
  })

  it('sends ROC signed with polkadot_signTransaction: it is included, and the sender pays the estimated fee', async () => {
    const { adapter, address, wallet } = await setup({ name: 'Bob' })
    const to = encodeSs58(crypto.getRandomValues(new Uint8Array(32)), chain.ss58Prefix)
    const amount = 2n * ROC
    const { fee } = await adapter.send.estimateFee({ address, network, to, amount })
    const before = await free(address)

    await sendAndWait(adapter, { connectorId, address, network, to, amount })

    expect(await free(to)).toBe(amount)
    expect(await free(address)).toBe(before - amount - fee)
    expect(methodsAsked(wallet)).toEqual(['polkadot_signTransaction'])
    expect(wallet.requests()[0]).toMatchObject({
      chainId: network.caipNetworkId,
      params: { address, transactionPayload: { address, method: expect.stringMatching(/^0x/) } },
    })
  })

  it('a refusal in the wallet is UserRejectedRequestError, for signing and for sending, and nothing moves', async () => {
    const { adapter, address, wallet } = await setup({ name: 'Charlie' })
    const to = encodeSs58(crypto.getRandomValues(new Uint8Array(32)), chain.ss58Prefix)
    wallet.setRequestMode('reject')

    await expect(adapter.signMessage({ connectorId, address, message: 'no' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    await expect(
      adapter.send.send({ connectorId, address, network, to, amount: ROC }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await free(to)).toBe(0n)
    expect(methodsAsked(wallet)).toEqual(['polkadot_signMessage', 'polkadot_signTransaction'])
  })

  it('a wallet that never answers fails the request after the prompt bound, and disconnecting still works', async () => {
    const { adapter, address, wallet, service } = await setup({ promptTimeoutMs: 400 })
    wallet.setRequestMode('ignore')
    const unanswered = adapter.signMessage({ connectorId, address, message: 'hello?' })
    await expect(unanswered).rejects.toBeInstanceOf(ProviderTimeoutError)
    await expect(unanswered).rejects.toMatchObject({
      details: expect.stringContaining('polkadot_signMessage'),
    })

    // The way out: the phone answers requests one after the other, so a new one would wait behind
    // the unanswered one; disconnecting ends the session on both sides without its answer.
    await adapter.disconnect({ connectorId })
    expect(service.getSession()).toBeUndefined()
    await until(() => wallet.sessions().length === 0)
  })
})

describe('networks, events and the session’s end', () => {
  it('the wallet ending the session disconnects the Polkadot connection', async () => {
    const { adapter, address, wallet, events } = await setup()
    await wallet.disconnect()
    await until(() => events.some((event) => event.type === 'disconnect'))
    expect(events).toContainEqual({ type: 'disconnect', connectorId })
    await expect(adapter.signMessage({ connectorId, address, message: 'gone' })).rejects.toBeInstanceOf(
      NotConnectedError,
    )
  })

  it('disconnect ends the WalletConnect session in the wallet too', async () => {
    const { adapter, service, wallet } = await setup()
    await adapter.disconnect({ connectorId })
    expect(service.getSession()).toBeUndefined()
    await until(() => wallet.sessions().length === 0)
  })

  it('reconnects after a reload: a new service on the same storage restores the session', async () => {
    const { storage, service, address } = await setup()
    await service.destroy()

    const { adapter } = makeAdapter(makeService(storage), [network])
    const restored = await adapter.reconnect({ connectorId, timeoutMs: 10_000 })
    expect(restored).toEqual({ address, accounts: [address], chainId: network.id })
    const signature = await adapter.signMessage({ connectorId, address, message: 'after a reload' })
    expect(verifies('after a reload', signature, address)).toBe(true)
  })

  it('switching to a configured network the session has no account on is refused; nothing changes', async () => {
    const { adapter, events } = await setup({ networks: [network, polkadotMainnet] })
    await expect(adapter.switchNetwork({ connectorId, network: polkadotMainnet })).rejects.toMatchObject({
      details: expect.stringContaining(polkadotMainnet.caipNetworkId),
    })
    expect(events.filter((event) => event.type === 'chainChanged')).toEqual([])
  })

  it('reports the wallet moving to a network the site did not configure as chainChanged to it (UnsupportedChain in core), and back', async () => {
    const { adapter, wallet, events, address, service } = await setup()
    const [walletSession] = wallet.sessions()
    const elsewhere = polkadotMainnet.caipNetworkId
    // updateSession, not client.update(): sign-client drops an answer that comes before `acknowledged()`.
    const moveTo = (chain: string) =>
      wallet.updateSession(walletSession!.topic, {
        polkadot: {
          ...walletSession!.namespaces.polkadot!,
          chains: [chain],
          accounts: [`${chain}:${wallet.polkadotAddress}`],
        },
      })
    await moveTo(elsewhere)
    await until(() => events.some((event) => event.type === 'chainChanged'))
    expect(events).toContainEqual({ type: 'chainChanged', connectorId, chainId: polkadotMainnet.id })
    // The site knows no prefix for that chain: the address stays as the wallet wrote it (the same here).
    expect(events.filter((event) => event.type === 'accountsChanged')).toEqual([])
    // Sends are for the site's networks: none is signed while the wallet is elsewhere.
    await expect(
      adapter.send.send({ connectorId, address, network, to: account('Bob').address, amount: ROC }),
    ).rejects.toMatchObject({ name: 'UnrecognizedChainError' })
    // The site's own network is no longer in the session: switching there is refused, naming what is.
    await expect(adapter.switchNetwork({ connectorId, network })).rejects.toMatchObject({
      name: 'UnrecognizedChainError',
      details: expect.stringContaining(`it approved ${elsewhere}`),
    })

    // A reload finds the wallet where it is.
    const reloaded = makeAdapter(service, [network])
    await expect(reloaded.adapter.reconnect({ connectorId, timeoutMs: 10_000 })).resolves.toEqual({
      address,
      accounts: [address],
      chainId: polkadotMainnet.id,
    })

    await moveTo(network.caipNetworkId)
    await until(() => events.filter((event) => event.type === 'chainChanged').length === 2)
    expect(events.at(-1)).toEqual({ type: 'chainChanged', connectorId, chainId: network.id })
    const signature = await adapter.signMessage({ connectorId, address, message: 'back home' })
    expect(verifies('back home', signature, address)).toBe(true)
    expect(wallet.requests().at(-1)?.chainId).toBe(network.caipNetworkId)
  })
})
