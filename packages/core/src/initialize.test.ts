// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ConnectResult } from './adapterKit/contract.js'
import type { PorticoConfig } from './config.js'
import { getAccount, getConnection } from './connection/account.js'
import { connect } from './connection/connect.js'
import { disconnect } from './connection/disconnect.js'
import { RECONNECT_BOUND_MS } from './connection/restoreConnections.js'
import { createPortico } from './createPortico.js'
import { destroy } from './destroy.js'
import { EMBEDDED_WALLET_CONNECTOR_ID } from './email/connectEmail.js'
import { startEmailLogin } from './email/modal/startEmailLogin.js'
import type { EmbeddedWallet } from './email/types.js'
import { initialize, RECONNECT_TIMEOUT_MS } from './initialize.js'
import { openModal } from './modal/openModal.js'
import { switchNetwork } from './network/switchNetwork.js'
import type { Network } from './network/types.js'
import { STORAGE_PREFIX } from './storage/keys.js'
import type { Storage } from './storage/storage.js'
import { createMemoryStorage } from './storage/storage.js'
import { fakeAdapter, setup, testConnector, testNetwork } from './testing/fakeAdapter.testkit.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

function reload(storage: Storage, configure?: (handle: ReturnType<typeof fakeAdapter>['handle']) => void) {
  const { factory, handle } = fakeAdapter()
  configure?.(handle)
  const portico = createPortico({
    networks: [testNetwork(1), testNetwork(10)],
    adapters: [factory],
    storage,
    isMobile: () => false,
    ssr: true,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
  })
  return { portico, handle }
}

describe('storage (SPEC §3)', () => {
  test('keys are namespaced and versioned', async () => {
    const { portico, storage } = await setup()
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    expect(JSON.parse(storage.getItem(`${STORAGE_PREFIX}connections`) ?? 'null')).toEqual({
      eip155: { connectorId: 'io.metamask', name: 'io.metamask', type: 'ANNOUNCED' },
    })
    expect(STORAGE_PREFIX).toBe('portico:v1:')
    expect(storage.getItem(`${STORAGE_PREFIX}connectionStatus`)).toBe('"connected"')
    expect(storage.getItem(`${STORAGE_PREFIX}activeNamespace`)).toBe('"eip155"')
    expect(storage.getItem(`${STORAGE_PREFIX}connectedNamespaces`)).toBe('["eip155"]')
  })

  test('a malformed stored value is dropped, not trusted', async () => {
    const { storage } = await setup()
    storage.setItem(`${STORAGE_PREFIX}recentWallets`, '[{"id":1}]')
    storage.setItem(`${STORAGE_PREFIX}activeCaipNetworkId`, '{not json')
    const { portico } = reload(storage)
    await initialize(portico)
    expect(portico.state.connectors.recent).toEqual([])
    expect(storage.getItem(`${STORAGE_PREFIX}recentWallets`)).toBeNull()
    expect(storage.getItem(`${STORAGE_PREFIX}activeCaipNetworkId`)).toBeNull()
  })
})

describe('reconnect on load', () => {
  test('restores the connection, network and recent wallets without prompting', async () => {
    const first = await setup()
    await initialize(first.portico)
    await connect(first.portico, { connectorId: 'io.metamask' })
    await switchNetwork(first.portico, { networkId: 'eip155:10' })

    const { portico, handle } = reload(first.storage, (h) => {
      h.nextReconnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 10 }
    })
    expect(portico.state.connection.status).toBe('disconnected')
    await initialize(portico)
    expect(handle.calls.map((call) => call.method)).not.toContain('connect')
    expect(handle.calls.find((call) => call.method === 'reconnect')?.parameters).toMatchObject({
      connectorId: 'io.metamask',
      timeoutMs: RECONNECT_BOUND_MS.ANNOUNCED,
    })
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.chains.eip155?.accountState.caipAddress).toBe(`eip155:10:${ADDRESS}`)
    expect(portico.state.modal.initialized).toBe(true)
    expect(portico.state.connectors.recent.map((wallet) => wallet.id)).toEqual(['io.metamask'])
  })

  test('a wallet that no longer grants access leaves the visitor disconnected and forgets it', async () => {
    const first = await setup()
    await initialize(first.portico)
    await connect(first.portico, { connectorId: 'io.metamask' })
    const { portico } = reload(first.storage)
    await initialize(portico)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.internal.storage.get('connections')).toBeUndefined()
    expect(portico.internal.storage.get('connectedNamespaces')).toBeUndefined()
  })

  test('a reconnect that fails leaves the visitor disconnected but keeps the connection for the next visit', async () => {
    const first = await setup()
    await initialize(first.portico)
    await connect(first.portico, { connectorId: 'io.metamask' })
    const { portico } = reload(first.storage, (h) => {
      h.nextReconnect = new Error('the extension crashed')
    })
    await initialize(portico)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.modal.loading).toBe(false)
    expect(portico.internal.storage.get('connections')).toEqual({
      eip155: { connectorId: 'io.metamask', name: 'io.metamask', type: 'ANNOUNCED' },
    })
  })

  test('initialize runs once however often it is called', async () => {
    const { portico, handle } = await setup()
    await Promise.all([initialize(portico), initialize(portico)])
    expect(handle.calls.filter((call) => call.method === 'start')).toHaveLength(1)
  })
})

/** A reload whose wallet answers when the test says so. */
async function slowReload(connectors = [testConnector('io.metamask')], config: Partial<PorticoConfig> = {}) {
  const first = await setup(config, connectors)
  await initialize(first.portico)
  await connect(first.portico, { connectorId: connectors[0]!.id })
  const { factory, handle } = fakeAdapter('eip155', connectors)
  const portico = createPortico({ ...first.portico.config, adapters: [factory], storage: first.storage })
  let settle: { resolve: (value: ConnectResult | undefined) => void; reject: (error: Error) => void } = {
    resolve: () => {},
    reject: () => {},
  }
  let signal: AbortSignal | undefined
  handle.adapter!.reconnect = (parameters) => {
    handle.calls.push({ method: 'reconnect', parameters })
    signal = parameters.signal
    return new Promise((resolve, reject) => {
      settle = { resolve, reject }
    })
  }
  let initialized = false
  const starting = initialize(portico).then(() => {
    initialized = true
  })
  return {
    portico,
    handle,
    storage: first.storage,
    starting,
    initialized: () => initialized,
    answer: (result: ConnectResult | undefined) => settle.resolve(result),
    fail: (error: Error) => settle.reject(error),
    signal: () => signal,
  }
}

const BACK: ConnectResult = { address: ADDRESS, accounts: [ADDRESS], chainId: 1 }
const EMBEDDED = testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail wallet' })

describe('a reconnect that does not answer in 3 s is not a "no"', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  test('a wallet answering within 3 s is connected when the page first shows', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(2_900)
    expect(reload.initialized()).toBe(false)
    expect(reload.portico.state.connection.status).toBe('connecting')
    expect(getAccount(reload.portico).status).toBe('reconnecting')
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(reload.initialized()).toBe(true)
    expect(getAccount(reload.portico)).toMatchObject({ status: 'connected', isReconnecting: false })
    expect(reload.portico.state.connection.status).toBe('connected')
  })

  test('a wallet answering after 3 s shows as reconnecting, then connected', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    // The page shows its state after 3 s, whatever the wallet does.
    expect(reload.initialized()).toBe(true)
    expect(reload.portico.state.modal.loading).toBe(false)
    expect(getAccount(reload.portico)).toMatchObject({
      status: 'reconnecting',
      isReconnecting: true,
      isConnected: false,
    })
    expect(getConnection(reload.portico).status).toBe('reconnecting')
    expect(reload.storage.getItem(`${STORAGE_PREFIX}connectionStatus`)).toBe('"reconnecting"')
    expect(reload.portico.internal.storage.get('connections')).toEqual({
      eip155: { connectorId: 'io.metamask', name: 'io.metamask', type: 'ANNOUNCED' },
    })
    // The modal opens on Connect meanwhile, and nothing in it waits on the wallet.
    openModal(reload.portico)
    expect(reload.portico.state.router.route.view).toBe('Connect')
    await vi.advanceTimersByTimeAsync(2_000)
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico)).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(reload.portico.state.modal.activeChain).toBe('eip155')
    expect(getConnection(reload.portico).status).toBe('connected')
  })

  test('a wallet saying it is gone after 3 s is forgotten', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(getAccount(reload.portico).status).toBe('reconnecting')
    reload.answer(undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(getConnection(reload.portico).status).toBe('disconnected')
    expect(reload.portico.internal.storage.get('connections')).toBeUndefined()
  })

  test('a wallet that never answers is given up at its bound and kept for the next visit', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    expect(reload.handle.calls.find((call) => call.method === 'reconnect')?.parameters).toMatchObject({
      timeoutMs: 10_000,
    })
    await vi.advanceTimersByTimeAsync(RECONNECT_BOUND_MS.ANNOUNCED - 1)
    expect(getAccount(reload.portico).status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(getConnection(reload.portico).status).toBe('disconnected')
    expect(reload.portico.internal.storage.get('connections')).toEqual({
      eip155: { connectorId: 'io.metamask', name: 'io.metamask', type: 'ANNOUNCED' },
    })
    // An answer after the bound is not taken.
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico).status).toBe('disconnected')
  })

  test('a stored connection whose connector is not listed yet is waited for by its stored type', async () => {
    // WalletConnect's connector code loads late: after a reload its connection is asked back with
    // WalletConnect's bound, not a browser wallet's.
    const pairing = testConnector('walletConnect', { type: 'WALLET_CONNECT' })
    const first = await setup({}, [pairing])
    await initialize(first.portico)
    await connect(first.portico, { connectorId: 'walletConnect' })
    expect(first.portico.internal.storage.get('connections')).toEqual({
      eip155: { connectorId: 'walletConnect', name: 'walletConnect', type: 'WALLET_CONNECT' },
    })
    const { factory, handle } = fakeAdapter('eip155', [])
    const portico = createPortico({ ...first.portico.config, adapters: [factory], storage: first.storage })
    await initialize(portico)
    expect(handle.calls.find((call) => call.method === 'reconnect')?.parameters).toMatchObject({
      connectorId: 'walletConnect',
      timeoutMs: RECONNECT_BOUND_MS.WALLET_CONNECT,
    })
  })

  test('picking another wallet meanwhile cancels the wait', async () => {
    vi.useFakeTimers()
    const connectors = [testConnector('io.metamask'), testConnector('io.rabby')]
    const reload = await slowReload(connectors)
    await vi.advanceTimersByTimeAsync(4_000)
    const other = '0x2222222222222222222222222222222222222222'
    reload.handle.nextConnect = { address: other, accounts: [other], chainId: 1 }
    await connect(reload.portico, { connectorId: 'io.rabby' })
    expect(reload.signal()?.aborted).toBe(true)
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico)).toMatchObject({ status: 'connected', address: other })
    expect(reload.portico.internal.storage.get('connections')).toEqual({
      eip155: { connectorId: 'io.rabby', name: 'io.rabby', type: 'ANNOUNCED' },
    })
  })

  test('the e-mail wallet gets the frame’s 30 s, and keeps its login cache while it does not answer', async () => {
    vi.useFakeTimers()
    const reload = await slowReload([EMBEDDED])
    reload.portico.internal.storage.set('emailLoginUsed', true)
    reload.portico.internal.storage.set('email', 'ada@example.com')
    expect(reload.handle.calls.find((call) => call.method === 'reconnect')?.parameters).toMatchObject({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      timeoutMs: 30_000,
    })
    await vi.advanceTimersByTimeAsync(29_999)
    expect(getAccount(reload.portico).status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(1)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(reload.portico.internal.storage.get('email')).toBe('ada@example.com')
    expect(reload.portico.internal.storage.get('emailLoginUsed')).toBe(true)
    expect(reload.portico.internal.storage.get('connections')?.eip155?.connectorId).toBe(
      EMBEDDED_WALLET_CONNECTOR_ID,
    )
  })

  test('the e-mail wallet whose frame says it is logged out late is forgotten with its login cache (SPEC §4)', async () => {
    vi.useFakeTimers()
    const reload = await slowReload([EMBEDDED])
    reload.portico.internal.storage.set('emailLoginUsed', true)
    reload.portico.internal.storage.set('email', 'ada@example.com')
    await vi.advanceTimersByTimeAsync(12_000)
    reload.answer(undefined)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(reload.portico.internal.storage.get('connections')).toBeUndefined()
    expect(reload.portico.internal.storage.get('email')).toBeUndefined()
    expect(reload.portico.internal.storage.get('emailLoginUsed')).toBeUndefined()
  })

  test('a wallet that answers with an error after 3 s is kept for the next visit', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    reload.fail(new Error('the extension crashed'))
    await vi.advanceTimersByTimeAsync(0)
    // An answer that is an error is no "no" either: the connection stays for the next visit.
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(reload.portico.internal.storage.get('connections')?.eip155?.connectorId).toBe('io.metamask')
  })

  test('destroying the instance ends the wait', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    destroy(reload.portico)
    expect(reload.signal()?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(reload.portico.internal.reconnects.size).toBe(0)
  })

  test('the active namespace still coming back keeps its place while another one is back', async () => {
    vi.useFakeTimers()
    const evm = fakeAdapter('eip155', [testConnector('dev.wallet')])
    const sol = fakeAdapter('solana', [testConnector('dev.wallet', { namespace: 'solana' })])
    const storage = createMemoryStorage()
    const config = {
      networks: [testNetwork(1), testNetwork('devnet', 'solana')] as [Network, ...Network[]],
      adapters: [evm.factory, sol.factory],
      storage,
      isMobile: () => false,
      ssr: true,
      logger: { debug: () => {}, warn: () => {}, error: () => {} },
    }
    const first = createPortico(config)
    await initialize(first)
    sol.handle.nextConnect = { address: 'So1', accounts: ['So1'], chainId: 'devnet' }
    await connect(first, { connectorId: 'dev.wallet', namespace: 'solana' })
    await connect(first, { connectorId: 'dev.wallet', namespace: 'eip155' })
    expect(storage.getItem(`${STORAGE_PREFIX}activeNamespace`)).toBe('"eip155"')

    const again = {
      evm: fakeAdapter('eip155', [testConnector('dev.wallet')]),
      sol: fakeAdapter('solana', [testConnector('dev.wallet', { namespace: 'solana' })]),
    }
    let answer: (result: ConnectResult) => void = () => {}
    const portico = createPortico({ ...config, adapters: [again.evm.factory, again.sol.factory] })
    again.evm.handle.adapter!.reconnect = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    again.sol.handle.nextReconnect = { address: 'So1', accounts: ['So1'], chainId: 'devnet' }
    void initialize(portico)
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    expect(portico.state.chains.solana?.accountState.status).toBe('connected')
    expect(portico.state.modal.activeChain).toBe('eip155')
    expect(getAccount(portico)).toMatchObject({ namespace: 'eip155', status: 'reconnecting' })
    answer({ address: ADDRESS, accounts: [ADDRESS], chainId: 1 })
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(portico)).toMatchObject({ namespace: 'eip155', status: 'connected', address: ADDRESS })
  })

  test('disconnecting while a wallet is still coming back gives it up and forgets it', async () => {
    vi.useFakeTimers()
    const reload = await slowReload()
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    await disconnect(reload.portico)
    expect(reload.signal()?.aborted).toBe(true)
    expect(reload.portico.internal.storage.get('connections')).toBeUndefined()
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(getConnection(reload.portico).status).toBe('disconnected')
  })

  test('starting an e-mail login while the e-mail wallet is still coming back cancels the wait', async () => {
    vi.useFakeTimers()
    const embeddedWallet = {
      connectEmail: async () => ({ action: 'VERIFY_OTP' as const }),
    } as unknown as EmbeddedWallet
    const reload = await slowReload([EMBEDDED], { embeddedWallet })
    await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
    await startEmailLogin(reload.portico, { email: 'ada@example.com' })
    expect(reload.signal()?.aborted).toBe(true)
    reload.answer(BACK)
    await vi.advanceTimersByTimeAsync(0)
    expect(getAccount(reload.portico).status).toBe('disconnected')
    expect(reload.portico.state.router.route.view).toBe('EmailVerifyOtp')
  })
})
