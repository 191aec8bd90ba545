// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PorticoConfig } from '../config.js'
import { disconnect } from '../connection/disconnect.js'
import { RECONNECT_BOUND_MS } from '../connection/restoreConnections.js'
import { BaseError, RequestCancelledError, UserRejectedRequestError } from '../errors/base.js'
import { initialize, RECONNECT_TIMEOUT_MS } from '../initialize.js'
import { closeModal } from '../modal/closeModal.js'
import { goBack } from '../modal/goBack.js'
import { openModal } from '../modal/openModal.js'
import { MESSAGES } from '../notices/messages.js'
import { getSiwx } from '../siwx/siwx.js'
import type { SiwxSession } from '../siwx/types.js'
import { flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import {
  type ConnectWalletConnectErrorType,
  cancelWalletConnect,
  connectWalletConnect,
  WALLET_CONNECT_CONNECTOR_ID,
  WalletConnectNoAccountError,
  WalletConnectNotConfiguredError,
} from './connectWalletConnect.js'
import { selectMobileWallet } from './modal/selectMobileWallet.js'
import { showPairing } from './modal/showPairing.js'
import type {
  WalletConnect,
  WalletConnectAuthRequest,
  WalletConnectConnection,
  WalletConnectEvent,
  WalletConnectNamespaceRequest,
  WalletConnectPairing,
} from './types.js'
import { getWalletConnect } from './walletConnect.js'

const ACCOUNT = '0x1111111111111111111111111111111111111111'

/** A WalletConnect service scripted by the test: it shows pairings and settles when told. */
function scriptedWalletConnect(authenticationChains: string[] = ['eip155:1', 'eip155:10']) {
  let showPairing: (pairing: WalletConnectPairing) => void = () => {}
  let settle: { resolve(session: WalletConnectConnection): void; reject(error: Error): void } | undefined
  let signal: AbortSignal | undefined
  let authenticate: WalletConnectAuthRequest | undefined
  let session: WalletConnectConnection | undefined
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  const registered: [string, WalletConnectNamespaceRequest][] = []
  let disconnects = 0
  const service: WalletConnect = {
    authenticationChains: () => authenticationChains,
    registerNamespace: (namespace, request) => {
      registered.push([namespace, request])
    },
    connect: (parameters) =>
      new Promise<WalletConnectConnection>((resolve, reject) => {
        showPairing = parameters.onPairing
        signal = parameters.signal
        authenticate = parameters.authenticate
        settle = {
          resolve: (approved) => {
            session = approved
            resolve(approved)
          },
          reject,
        }
      }),
    reconnect: async () => session,
    getSession: () => session,
    request: async () => null,
    disconnect: async () => {
      disconnects++
      session = undefined
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    service,
    pair: (uri: string) => showPairing({ uri, expiresAt: Date.now() + 300_000 }),
    approve: (accounts: string[], signIns?: SiwxSession[]) =>
      settle?.resolve({
        accounts,
        peer: { name: 'Test Wallet', icons: [] },
        ...(signIns ? { signIns } : {}),
      }),
    authenticate: () => authenticate,
    /** The wallet does something on its side. */
    emit: (event: WalletConnectEvent) => {
      for (const listener of listeners) listener(event)
    },
    registered: () => registered,
    disconnects: () => disconnects,
    refuse: () => settle?.reject(new UserRejectedRequestError()),
    fail: (error: Error) => settle?.reject(error),
    aborted: () => signal?.aborted,
  }
}

async function start(overrides: Partial<PorticoConfig> = {}, authenticationChains?: string[]) {
  const wc = scriptedWalletConnect(authenticationChains)
  const connectors = [
    testConnector(WALLET_CONNECT_CONNECTOR_ID, { type: 'WALLET_CONNECT', name: 'WalletConnect' }),
  ]
  const { portico, handle } = await setup({ walletConnect: wc.service, ...overrides }, connectors)
  await initialize(portico)
  openModal(portico)
  return { portico, handle, wc }
}

describe('selectMobileWallet: pairing in the modal (SPEC §2 ConnectingWalletConnectBasic)', () => {
  test('shows the pairing, a new one when it expires, connects the namespaces the wallet approved and closes', async () => {
    const { portico, handle, wc } = await start()
    const connecting = selectMobileWallet(portico, { walletId: 'me.rainbow' })
    expect(portico.state.router.route).toEqual({
      view: 'ConnectingWalletConnectBasic',
      params: { walletId: 'me.rainbow' },
    })
    expect(getWalletConnect(portico)).toMatchObject({ enabled: true, status: 'pairing', pairing: undefined })
    wc.pair('wc:first@2?relay-protocol=irn&symKey=1')
    expect(getWalletConnect(portico).pairing?.uri).toBe('wc:first@2?relay-protocol=irn&symKey=1')
    wc.pair('wc:second@2?relay-protocol=irn&symKey=2')
    expect(getWalletConnect(portico).pairing?.uri).toBe('wc:second@2?relay-protocol=irn&symKey=2')
    wc.approve([`eip155:1:${ACCOUNT}`, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKX'])
    await expect(connecting).resolves.toBeUndefined()
    // Only the namespaces with an adapter connect; here that is eip155.
    expect(handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)
    expect(portico.state.router.route.view).toBe('Account')
    // Connected: the modal closes, as after any connection made in it.
    expect(portico.state.modal.open).toBe(false)
    expect(getWalletConnect(portico)).toMatchObject({ status: 'idle', pairing: undefined })
  })

  test('a wallet that refuses leaves the view with the reason, ready to try again', async () => {
    const { portico, wc } = await start()
    const connecting = selectMobileWallet(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    wc.refuse()
    await expect(connecting).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
    expect(getWalletConnect(portico)).toMatchObject({ status: 'error', error: { key: 'connectionDeclined' } })
  })

  test('a relay refusing the project id: the view says so in words for the visitor, the log has the reason', async () => {
    const warnings: unknown[][] = []
    const { portico, wc } = await start({
      logger: { debug: () => {}, warn: (...args: unknown[]) => warnings.push(args), error: () => {} },
    })
    // As @portico/walletconnect's WalletConnectProjectRefusedError says it: a core text by its key.
    class ProjectRefused extends BaseError {
      override name = 'WalletConnectProjectRefusedError' as const
      readonly notice = { key: 'wcProjectRefused' } as const
      constructor() {
        super(MESSAGES.wcProjectRefused, {
          details: 'Relay wss://relay refused project id "shop": Project not found',
        })
      }
    }
    const connecting = selectMobileWallet(portico)
    wc.fail(new ProjectRefused())
    await expect(connecting).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
    expect(getWalletConnect(portico)).toMatchObject({ status: 'error', error: { key: 'wcProjectRefused' } })
    expect(String(warnings.flat().find((entry) => entry instanceof Error))).toContain('Project not found')
  })

  test('going back abandons the pairing: it is aborted and a late approval is ignored', async () => {
    const { portico, handle, wc } = await start()
    const connecting = selectMobileWallet(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    goBack(portico)
    expect(wc.aborted()).toBe(true)
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).resolves.toBeUndefined()
    await flush()
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    expect(getWalletConnect(portico)).toMatchObject({ status: 'idle', pairing: undefined })
  })

  test('without walletConnect configured it rejects with WalletConnectNotConfiguredError; the modal shakes', async () => {
    const { portico } = await setup()
    await expect(connectWalletConnect(portico)).rejects.toBeInstanceOf(WalletConnectNotConfiguredError)
    expect(getWalletConnect(portico).enabled).toBe(false)
    await selectMobileWallet(portico)
    expect(portico.state.modal.shake).toBe(true)
  })
  test('the view shown directly starts its pairing once; not again while one is under way or has failed', async () => {
    const { portico, wc } = await start()
    openModal(portico, { route: { view: 'ConnectingWalletConnectBasic' } })
    showPairing(portico)
    expect(getWalletConnect(portico).status).toBe('pairing')
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    showPairing(portico)
    expect(wc.aborted()).toBe(false)
    wc.refuse()
    await flush()
    showPairing(portico)
    expect(getWalletConnect(portico).status).toBe('error')
  })
})

describe('connectWalletConnect (domain action)', () => {
  test('resolves the connected namespaces and leaves the modal where it was', async () => {
    const { portico, wc } = await start()
    const connecting = connectWalletConnect(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).resolves.toEqual({ namespaces: ['eip155'] })
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('a wallet that refuses rejects with UserRejectedRequestError and records the reason', async () => {
    const { portico, wc } = await start()
    const connecting = connectWalletConnect(portico).then(
      () => undefined,
      (e: unknown) => e as ConnectWalletConnectErrorType,
    )
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    wc.refuse()
    const error = await connecting
    expect(error?.name).toBe('UserRejectedRequestError')
    expect(getWalletConnect(portico)).toMatchObject({ status: 'error', error: { key: 'connectionDeclined' } })
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('an abandoned pairing rejects with RequestCancelledError and a late approval connects nothing', async () => {
    const { portico, handle, wc } = await start()
    const connecting = connectWalletConnect(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    cancelWalletConnect(portico)
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).rejects.toBeInstanceOf(RequestCancelledError)
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
  })

  test('a session with no account on a namespace of the site rejects with WalletConnectNoAccountError', async () => {
    const { portico, wc } = await start()
    const connecting = connectWalletConnect(portico)
    wc.approve(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7xKX'])
    await expect(connecting).rejects.toBeInstanceOf(WalletConnectNoAccountError)
    expect(getWalletConnect(portico)).toMatchObject({ status: 'error', error: { key: 'wcNoAccount' } })
  })
})

describe('sign-in while pairing (SPEC §5, §7)', () => {
  /** What the wallet signed for the account the fake adapter connects (its first account). */
  const signInFor = (request: WalletConnectAuthRequest, account: string): SiwxSession => ({
    data: {
      domain: request.domain,
      accountAddress: account,
      uri: request.uri,
      version: '1',
      chainId: request.chains[0] as `eip155:${string}`,
      nonce: request.nonce,
      issuedAt: '2026-11-24T10:00:00.000Z',
    },
    message: `signed in ${account}`,
    signature: '0x1234',
  })

  test('asks the wallet to sign the site in on every network, the active one first, and keeps the sign-in', async () => {
    const site = siteSiwx()
    const { portico, handle, wc } = await start({ siwx: site.config })
    const connecting = selectMobileWallet(portico)
    await flush()
    const request = wc.authenticate()
    expect(request).toMatchObject({
      chains: ['eip155:1', 'eip155:10'],
      domain: 'shop.example',
      uri: 'https://shop.example/',
      nonce: 'nonce1abc',
    })
    // The message was written before the wallet, and so its account, was known.
    expect(site.called('createMessage')[0]?.args).toEqual([
      'eip155:1',
      '0x0000000000000000000000000000000000000000',
    ])
    const account = ACCOUNT
    wc.approve([`eip155:1:${account}`], [signInFor(request!, account)])
    await expect(connecting).resolves.toBeUndefined()
    await flush()
    await flush()
    // Kept before the account connected, so the check after connecting found it: no second signature.
    const order = site.calls.map((call) => call.method)
    expect(order.indexOf('addSession')).toBeLessThan(order.indexOf('getSessions'))
    expect(getSiwx(portico)).toMatchObject({ status: 'signedIn' })
    expect(portico.state.router.route.view).not.toBe('SIWXSignMessage')
    expect(handle.calls.some((call) => call.method === 'signMessage')).toBe(false)
  })

  test('a sign-in the storage refuses leaves the visitor to sign after connecting, as with any wallet', async () => {
    const site = siteSiwx()
    site.failAdd(new Error('nonce already used'))
    const { portico, wc } = await start({ siwx: site.config })
    const connecting = selectMobileWallet(portico)
    await flush()
    const account = ACCOUNT
    wc.approve([`eip155:1:${account}`], [signInFor(wc.authenticate()!, account)])
    await expect(connecting).resolves.toBeUndefined()
    await flush()
    await flush()
    expect(getSiwx(portico).status).toBe('needed')
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('a wallet that only approved the session is asked to sign after connecting', async () => {
    const site = siteSiwx()
    const { portico, wc } = await start({ siwx: site.config })
    const connecting = selectMobileWallet(portico)
    await flush()
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).resolves.toBeUndefined()
    await flush()
    await flush()
    expect(site.called('addSession')).toEqual([])
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('is not asked for when the service cannot sign in while pairing (a namespace other than eip155), nor without sign-in', async () => {
    const site = siteSiwx()
    const mixed = await start({ siwx: site.config }, [])
    void connectWalletConnect(mixed.portico)
    await flush()
    expect(mixed.wc.authenticate()).toBeUndefined()
    expect(site.called('createMessage')).toEqual([])

    const plain = await start()
    void connectWalletConnect(plain.portico)
    await flush()
    expect(plain.wc.authenticate()).toBeUndefined()
  })

  test('signs in on the first chain the wallet can when the active network is not one of them', async () => {
    const site = siteSiwx()
    const { portico, wc } = await start({ siwx: site.config }, ['eip155:10'])
    void selectMobileWallet(portico)
    await flush()
    expect(wc.authenticate()?.chains).toEqual(['eip155:10'])
    expect(site.called('createMessage')[0]?.args[0]).toBe('eip155:10')
  })

  test('pairs without sign-in when the message cannot be written', async () => {
    const site = siteSiwx({
      createMessage: async () => {
        throw new Error('the sign-in server is down')
      },
    })
    const { portico, wc } = await start({ siwx: site.config })
    void selectMobileWallet(portico)
    await flush()
    expect(wc.authenticate()).toBeUndefined()
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    expect(getWalletConnect(portico).pairing?.uri).toBe('wc:abc@2?relay-protocol=irn&symKey=1')
  })
})

describe('basic WalletConnect mode: no adapters (SPEC §2, §4)', () => {
  const SOLANA = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  const networks = [
    testNetwork(1, 'eip155', 'Ethereum'),
    testNetwork(10, 'eip155', 'Optimism'),
    testNetwork(SOLANA, 'solana', 'Solana'),
  ] as const

  async function basic(isMobile = false) {
    const wc = scriptedWalletConnect()
    const { portico, storage } = await setup({
      adapters: [],
      networks: [...networks],
      walletConnect: wc.service,
      isMobile: () => isMobile,
    })
    await initialize(portico)
    return { portico, wc, storage }
  }

  test('opens on the pairing (AllWallets on a phone), asking for every namespace the site lists', async () => {
    const desktop = await basic()
    openModal(desktop.portico)
    expect(desktop.portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
    expect(desktop.wc.registered()).toEqual([
      ['eip155', { chains: ['eip155:1', 'eip155:10'], methods: [], events: [] }],
      ['solana', { chains: [`solana:${SOLANA}`], methods: [], events: [] }],
    ])
    const phone = await basic(true)
    openModal(phone.portico)
    expect(phone.portico.state.router.route.view).toBe('AllWallets')
  })

  test('shows the session’s accounts as connected, per namespace, and opens on Account afterwards', async () => {
    const { portico, wc } = await basic()
    openModal(portico)
    const connecting = selectMobileWallet(portico)
    wc.approve([`eip155:10:${ACCOUNT}`, `solana:${SOLANA}:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`])
    await expect(connecting).resolves.toBeUndefined()
    const { chains, router } = portico.state
    expect(router.route.view).toBe('Account')
    expect(chains.eip155?.accountState).toMatchObject({
      status: 'connected',
      caipAddress: `eip155:10:${ACCOUNT}`,
      connectedWalletInfo: { name: 'Test Wallet', type: 'WALLET_CONNECT' },
    })
    expect(chains.solana?.accountState.caipAddress).toBe(
      `solana:${SOLANA}:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`,
    )
    closeModal(portico)
    openModal(portico)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('a network the site does not list does not open UnsupportedChain', async () => {
    const { portico, wc } = await basic()
    openModal(portico)
    const connecting = selectMobileWallet(portico)
    wc.approve([`eip155:1:${ACCOUNT}`])
    await connecting
    wc.emit({ type: 'chainChanged', chainId: 'eip155:137' })
    expect(portico.state.chains.eip155?.networkState.unsupportedCaipNetworkId).toBe('eip155:137')
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('follows the wallet: new accounts, and the end of the session', async () => {
    const { portico, wc } = await basic()
    const connecting = selectMobileWallet(portico)
    wc.approve([`eip155:1:${ACCOUNT}`])
    await connecting
    const other = '0x2222222222222222222222222222222222222222'
    wc.emit({ type: 'accountsChanged', accounts: [`eip155:1:${other}`] })
    expect(portico.state.chains.eip155?.accountState.caipAddress).toBe(`eip155:1:${other}`)
    wc.emit({ type: 'disconnect' })
    expect(portico.state.chains.eip155?.accountState.status).toBe('disconnected')
    expect(portico.state.connection.status).toBe('disconnected')
  })

  test('disconnecting ends the session for every namespace; a reload restores a stored one', async () => {
    const { portico, wc, storage } = await basic()
    const connecting = selectMobileWallet(portico)
    wc.approve([`eip155:1:${ACCOUNT}`, `solana:${SOLANA}:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU`])
    await connecting

    // The next page load, on the same storage and the same (still paired) service.
    const reloaded = await setup({
      adapters: [],
      networks: [...networks],
      walletConnect: wc.service,
      storage,
    })
    await initialize(reloaded.portico)
    expect(reloaded.portico.state.chains.eip155?.accountState.caipAddress).toBe(`eip155:1:${ACCOUNT}`)
    expect(reloaded.portico.state.chains.solana?.accountState.status).toBe('connected')

    await disconnect(reloaded.portico, { namespace: 'eip155' })
    expect(wc.disconnects()).toBe(1)
    expect(reloaded.portico.state.chains.solana?.accountState.status).toBe('disconnected')
    const again = await setup({ adapters: [], networks: [...networks], walletConnect: wc.service, storage })
    await initialize(again.portico)
    expect(again.portico.state.connection.status).toBe('disconnected')
  })

  describe('a stored session slow to come back (basic mode)', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    /** A paired page, then a reload whose service answers `reconnect` when the test says so. */
    async function slowBasicReload() {
      const { portico, wc, storage } = await basic()
      const connecting = selectMobileWallet(portico)
      wc.approve([`eip155:1:${ACCOUNT}`])
      await connecting
      let answer: (session: WalletConnectConnection | undefined) => void = () => {}
      const service: WalletConnect = {
        ...wc.service,
        reconnect: () =>
          new Promise((resolve) => {
            answer = resolve
          }),
      }
      vi.useFakeTimers()
      const reloaded = await setup({ adapters: [], networks: [...networks], walletConnect: service, storage })
      void initialize(reloaded.portico)
      return { portico: reloaded.portico, answer: (session?: WalletConnectConnection) => answer(session) }
    }
    const SESSION = { accounts: [`eip155:1:${ACCOUNT}`], peer: { name: 'Test Wallet', icons: [] } }

    test('answering after 3 s: reconnecting, then connected', async () => {
      const { portico, answer } = await slowBasicReload()
      await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
      expect(portico.state.modal.initialized).toBe(true)
      expect(portico.state.chains.eip155?.accountState.status).toBe('reconnecting')
      expect(portico.state.connection.status).toBe('reconnecting')
      await vi.advanceTimersByTimeAsync(4_000)
      answer(SESSION)
      await vi.advanceTimersByTimeAsync(0)
      expect(portico.state.chains.eip155?.accountState.caipAddress).toBe(`eip155:1:${ACCOUNT}`)
      expect(portico.state.connection.status).toBe('connected')
    })

    test('a session gone after 3 s is forgotten', async () => {
      const { portico, answer } = await slowBasicReload()
      await vi.advanceTimersByTimeAsync(5_000)
      answer(undefined)
      await vi.advanceTimersByTimeAsync(0)
      expect(portico.state.connection.status).toBe('disconnected')
      expect(portico.internal.storage.get('connections')).toBeUndefined()
    })

    test('a session that never answers is given up after 30 s and kept for the next visit', async () => {
      const { portico } = await slowBasicReload()
      await vi.advanceTimersByTimeAsync(RECONNECT_BOUND_MS.WALLET_CONNECT - 1)
      expect(portico.state.chains.eip155?.accountState.status).toBe('reconnecting')
      await vi.advanceTimersByTimeAsync(1)
      expect(portico.state.connection.status).toBe('disconnected')
      expect(portico.internal.storage.get('connections')?.eip155?.connectorId).toBe(
        WALLET_CONNECT_CONNECTOR_ID,
      )
    })

    test('a new pairing meanwhile cancels the wait', async () => {
      const { portico, answer } = await slowBasicReload()
      await vi.advanceTimersByTimeAsync(RECONNECT_TIMEOUT_MS)
      void selectMobileWallet(portico)
      await vi.advanceTimersByTimeAsync(0)
      expect(portico.state.chains.eip155?.accountState.status).toBe('disconnected')
      answer(SESSION)
      await vi.advanceTimersByTimeAsync(0)
      expect(portico.state.chains.eip155?.accountState.status).toBe('disconnected')
    })
  })
})
