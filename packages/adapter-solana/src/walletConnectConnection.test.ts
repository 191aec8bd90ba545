import {
  type Network,
  NotConnectedError,
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
} from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import {
  createTestSplToken,
  getTestSplBalance,
  mintTestSplTokens,
  type SolanaTestValidator,
  startSolanaTestValidator,
} from '@portico/test/solana'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  TEST_WALLETCONNECT_SOLANA_METHODS,
  type TestWalletConnectWallet,
  type WalletConnectRelay,
} from '@portico/test/walletconnect'
import {
  createMemoryStorage,
  createWalletConnect,
  type WalletConnectService,
  type WalletConnectStorage,
} from '@portico/walletconnect'
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { SolanaChainNotSupportedError } from './errors.js'
import { defineSolanaNetwork, solanaDevnet, solanaMainnet } from './networks.js'
import { type SolanaAdapter, solana } from './solana.js'

const SOL = 1_000_000_000n
const connectorId = WALLET_CONNECT_CONNECTOR_ID

let relay: WalletConnectRelay
let validator: SolanaTestValidator
let network: Network
let rpc: ReturnType<typeof createSolanaRpc>
const cleanups: Array<() => unknown> = []
// The first pairing loads the WalletConnect client: over 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 })

beforeAll(async () => {
  ;[relay, validator] = await Promise.all([
    startWalletConnectRelay({ log: () => {} }),
    startSolanaTestValidator(),
  ])
  rpc = createSolanaRpc(validator.url)
  const genesisHash = await rpc.getGenesisHash().send()
  network = defineSolanaNetwork({ id: genesisHash, name: 'Test validator', rpcUrl: validator.url })
})
afterAll(async () => {
  await Promise.all([relay?.close(), validator?.close()])
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

function makeAdapter(service: WalletConnectService, networks: readonly Network[]) {
  const { context, events } = createTestAdapterContext(networks, true)
  const adapter = solana({ walletConnect: service, window: new EventTarget() })(context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { adapter, events }
}

/**
 * A real WalletConnect service paired over the local relay with the test wallet, which holds a fresh
 * Solana account on the given clusters, and the adapter connected through its WALLET_CONNECT connector.
 */
async function setup(
  options: {
    networks?: readonly Network[]
    walletChains?: readonly string[]
    methods?: readonly string[]
    connectTo?: Network
  } = {},
) {
  const networks = options.networks ?? [network]
  const storage = createMemoryStorage()
  const service = makeService(storage)
  const wallet: TestWalletConnectWallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    rpcUrls: {},
    solana: {
      seed: crypto.getRandomValues(new Uint8Array(32)),
      rpcUrl: validator.url,
      chains: options.walletChains ?? [network.caipNetworkId],
      ...(options.methods ? { methods: options.methods } : {}),
    },
  })
  cleanups.push(() => wallet.close())
  const { adapter, events } = makeAdapter(service, networks)
  // What core's connectWalletConnect does: pair, then connect the namespace's WALLET_CONNECT connector.
  const session = await service.connect({ onPairing: (pairing) => void wallet.pair(pairing.uri) })
  const result = await adapter.connect({
    connectorId,
    ...(options.connectTo ? { network: options.connectTo } : {}),
  })
  return { service, storage, wallet, adapter, events, session, result, address: result.address }
}

const until = async (condition: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('The condition was not met in time.')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const lamportsOf = async (owner: string) => (await rpc.getBalance(toAddress(owner)).send()).value
const freshAddress = async () => (await generateKeyPairSigner()).address
const methodsAsked = (wallet: TestWalletConnectWallet) => wallet.requests().map((request) => request.method)

async function sendAndWait(adapter: SolanaAdapter, parameters: Parameters<SolanaAdapter['send']['send']>[0]) {
  const signature = await adapter.send.send(parameters)
  expect(await adapter.send.waitForTransaction({ hash: signature, network, timeoutMs: 5_000 })).toEqual({
    status: 'success',
  })
  return signature
}

describe('the WALLET_CONNECT connector', () => {
  it('is offered once started, with the mobile-wallet picture', () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()), [network])
    expect(adapter.getConnectors()).toEqual([
      {
        id: 'walletConnect',
        name: 'WalletConnect',
        type: 'WALLET_CONNECT',
        namespace: 'solana',
        installed: true,
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml,/),
      },
    ])
  })

  it('is not offered without walletConnect', () => {
    const { context } = createTestAdapterContext([network], true)
    const adapter = solana({ window: new EventTarget() })(context)
    adapter.start()
    cleanups.push(() => adapter.destroy())
    expect(adapter.getConnectors()).toEqual([])
  })

  it('asks new pairings for the solana namespace on the adapter’s networks, with the four Solana methods', async () => {
    const { wallet, session } = await setup()
    const [walletSession] = wallet.sessions()
    expect(walletSession?.optionalNamespaces.solana).toEqual({
      chains: [network.caipNetworkId],
      methods: [...TEST_WALLETCONNECT_SOLANA_METHODS],
      events: [],
    })
    expect(session.accounts).toEqual([`${network.caipNetworkId}:${wallet.solanaAddress}`])
  })

  it('connects the session’s Solana account on the network', async () => {
    const { wallet, result } = await setup()
    expect(result).toEqual({
      address: wallet.solanaAddress,
      accounts: [wallet.solanaAddress],
      chainId: network.id,
    })
  })

  it('prefers the account on the requested network when the session has several', async () => {
    const { result } = await setup({
      networks: [network, solanaDevnet],
      walletChains: [network.caipNetworkId, solanaDevnet.caipNetworkId],
      connectTo: solanaDevnet,
    })
    expect(result.chainId).toBe(solanaDevnet.id)
  })

  it('refuses to connect without a session (pairing is core’s, before connect)', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()), [network])
    await expect(adapter.connect({ connectorId })).rejects.toBeInstanceOf(NotConnectedError)
  })
})

describe('signing and sending over WalletConnect', () => {
  it('signs a message that verifies against the account', async () => {
    const { adapter, address, wallet } = await setup()
    const message = 'Sign in to Portico over WalletConnect'
    const signature = await adapter.signMessage({ connectorId, address, message })
    const key = await getPublicKeyFromAddress(address as Address)
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, getUtf8Encoder().encode(message))).toBe(true)
    expect(wallet.requests()).toMatchObject([
      { method: 'solana_signMessage', chainId: network.caipNetworkId, params: { pubkey: address } },
    ])
  })

  it('sends SOL with solana_signAndSendTransaction: it lands, and the sender pays the estimated fee', async () => {
    const { adapter, address, wallet } = await setup()
    await validator.airdrop(address, 2n * SOL)
    const to = await freshAddress()
    const amount = SOL / 10n
    const estimate = await adapter.send.estimateFee({ address, network, to, amount })
    const before = await lamportsOf(address)

    await sendAndWait(adapter, { connectorId, address, network, to, amount })

    expect(await lamportsOf(to)).toBe(amount)
    expect(await lamportsOf(address)).toBe(before - amount - estimate.fee)
    expect(methodsAsked(wallet)).toEqual(['solana_signAndSendTransaction'])
  })

  it('sends an SPL token: the receiver’s token account is created and credited', async () => {
    const { adapter, address } = await setup()
    await validator.airdrop(address, 2n * SOL)
    const token = await createTestSplToken(validator, { decimals: 6 })
    await mintTestSplTokens(validator, { token, owner: toAddress(address), amount: 5_000_000n })
    const to = await freshAddress()

    await sendAndWait(adapter, { connectorId, address, network, to, amount: 1_500_000n, token: token.mint })

    expect(await getTestSplBalance(validator, { mint: token.mint, owner: to })).toBe(1_500_000n)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: toAddress(address) })).toBe(
      3_500_000n,
    )
  })

  it('falls back to solana_signTransaction and sends through the RPC when the wallet has no sign-and-send', async () => {
    const { adapter, address, wallet } = await setup({
      methods: ['solana_signMessage', 'solana_signTransaction'],
    })
    await validator.airdrop(address, SOL)
    const to = await freshAddress()

    await sendAndWait(adapter, { connectorId, address, network, to, amount: SOL / 5n })

    expect(await lamportsOf(to)).toBe(SOL / 5n)
    // sign-client refuses the unapproved method before it reaches the wallet.
    expect(methodsAsked(wallet)).toEqual(['solana_signTransaction'])
  })

  it('a refusal in the wallet is UserRejectedRequestError, for signing and for sending, and nothing moves', async () => {
    const { adapter, address, wallet } = await setup()
    await validator.airdrop(address, SOL)
    const to = await freshAddress()
    wallet.setRequestMode('reject')

    await expect(adapter.signMessage({ connectorId, address, message: 'no' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    await expect(
      adapter.send.send({ connectorId, address, network, to, amount: SOL / 10n }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await lamportsOf(to)).toBe(0n)
    expect(methodsAsked(wallet)).toEqual(['solana_signMessage', 'solana_signAndSendTransaction'])
  })
})

describe('networks, events and the session’s end', () => {
  it('switches among the session’s chains locally; requests then name the new chain', async () => {
    const { adapter, address, wallet, events } = await setup({
      networks: [network, solanaDevnet],
      walletChains: [network.caipNetworkId, solanaDevnet.caipNetworkId],
    })
    await adapter.switchNetwork({ connectorId, network: solanaDevnet })
    expect(events).toContainEqual({ type: 'chainChanged', connectorId, chainId: solanaDevnet.id })
    await adapter.signMessage({ connectorId, address, message: 'on devnet' })
    expect(wallet.requests().at(-1)?.chainId).toBe(solanaDevnet.caipNetworkId)
  })

  it('refuses, with a clear error, a network the session has no account on', async () => {
    const { adapter, events } = await setup({ networks: [network, solanaMainnet] })
    const switching = adapter.switchNetwork({ connectorId, network: solanaMainnet })
    await expect(switching).rejects.toBeInstanceOf(SolanaChainNotSupportedError)
    await expect(switching).rejects.toMatchObject({
      details: expect.stringContaining(`no account on ${solanaMainnet.caipNetworkId}`),
    })
    expect(events.filter((event) => event.type === 'chainChanged')).toEqual([])
  })

  it('reports a new account the wallet puts in the session as accountsChanged', async () => {
    const { wallet, events } = await setup()
    const other = await freshAddress()
    const [walletSession] = wallet.sessions()
    // updateSession, not client.update(): sign-client drops an answer that comes before `acknowledged()`.
    await wallet.updateSession(walletSession!.topic, {
      solana: { ...walletSession!.namespaces.solana!, accounts: [`${network.caipNetworkId}:${other}`] },
    })
    await until(() => events.some((event) => event.type === 'accountsChanged'))
    expect(events).toContainEqual({ type: 'accountsChanged', connectorId, accounts: [other] })
  })

  it('the wallet ending the session disconnects the Solana connection', async () => {
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
    const key = await getPublicKeyFromAddress(address as Address)
    expect(
      await verifySignature(
        key,
        getBase58Encoder().encode(signature) as SignatureBytes,
        getUtf8Encoder().encode('after a reload'),
      ),
    ).toBe(true)
  })

  it('reconnect finds nothing when no session was stored', async () => {
    const { adapter } = makeAdapter(makeService(createMemoryStorage()), [network])
    expect(await adapter.reconnect({ connectorId, timeoutMs: 10_000 })).toBeUndefined()
  })
})
