// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import type { PorticoConfig } from '../config.js'
import { UserRejectedRequestError } from '../errors/base.js'
import { getSiwx } from '../reads/siwx.js'
import { getWalletConnect } from '../reads/walletConnect.js'
import { flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import type { SiwxSession } from '../types/siwx.js'
import type {
  WalletConnect,
  WalletConnectAuthRequest,
  WalletConnectConnection,
  WalletConnectPairing,
} from '../types/walletConnect.js'
import {
  connectWalletConnect,
  WALLET_CONNECT_CONNECTOR_ID,
  WalletConnectNotConfiguredError,
} from './connectWalletConnect.js'
import { goBack } from './goBack.js'
import { initialize } from './initialize.js'
import { openModal } from './openModal.js'

const ACCOUNT = '0x1111111111111111111111111111111111111111'

/** A WalletConnect service scripted by the test: it shows pairings and settles when told. */
function scriptedWalletConnect() {
  let showPairing: (pairing: WalletConnectPairing) => void = () => {}
  let settle: { resolve(session: WalletConnectConnection): void; reject(error: Error): void } | undefined
  let signal: AbortSignal | undefined
  let authenticate: WalletConnectAuthRequest | undefined
  const service: WalletConnect = {
    registerNamespace: () => {},
    connect: (parameters) =>
      new Promise<WalletConnectConnection>((resolve, reject) => {
        showPairing = parameters.onPairing
        signal = parameters.signal
        authenticate = parameters.authenticate
        settle = { resolve, reject }
      }),
    reconnect: async () => undefined,
    getSession: () => undefined,
    request: async () => null,
    disconnect: async () => {},
    subscribe: () => () => {},
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
    refuse: () => settle?.reject(new UserRejectedRequestError()),
    aborted: () => signal?.aborted,
  }
}

async function start(overrides: Partial<PorticoConfig> = {}) {
  const wc = scriptedWalletConnect()
  const connectors = [
    testConnector(WALLET_CONNECT_CONNECTOR_ID, { type: 'WALLET_CONNECT', name: 'WalletConnect' }),
  ]
  const { portico, handle } = await setup({ walletConnect: wc.service, ...overrides }, connectors)
  await initialize(portico)
  openModal(portico)
  return { portico, handle, wc }
}

describe('connectWalletConnect (SPEC §2 ConnectingWalletConnectBasic)', () => {
  test('shows the pairing, a new one when it expires, and connects the namespaces the wallet approved', async () => {
    const { portico, handle, wc } = await start()
    const connecting = connectWalletConnect(portico, { walletId: 'me.rainbow' })
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
    await expect(connecting).resolves.toEqual({ connected: true })
    // Only the namespaces with an adapter connect; here that is eip155.
    expect(handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)
    expect(portico.state.router.route.view).toBe('Account')
    expect(getWalletConnect(portico)).toMatchObject({ status: 'idle', pairing: undefined })
  })

  test('a wallet that refuses leaves the view with the reason, ready to try again', async () => {
    const { portico, wc } = await start()
    const connecting = connectWalletConnect(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    wc.refuse()
    await expect(connecting).resolves.toEqual({ connected: false })
    expect(portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
    expect(getWalletConnect(portico)).toMatchObject({ status: 'error', error: 'Connection declined' })
  })

  test('going back abandons the pairing: it is aborted and a late approval is ignored', async () => {
    const { portico, handle, wc } = await start()
    const connecting = connectWalletConnect(portico)
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    goBack(portico)
    expect(wc.aborted()).toBe(true)
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).resolves.toEqual({ connected: false })
    await flush()
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    expect(getWalletConnect(portico)).toMatchObject({ status: 'idle', pairing: undefined })
  })

  test('without walletConnect configured it says so', async () => {
    const { portico } = await setup()
    await expect(connectWalletConnect(portico)).rejects.toBeInstanceOf(WalletConnectNotConfiguredError)
    expect(getWalletConnect(portico).enabled).toBe(false)
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
    const connecting = connectWalletConnect(portico)
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
    await expect(connecting).resolves.toEqual({ connected: true })
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
    const connecting = connectWalletConnect(portico)
    await flush()
    const account = ACCOUNT
    wc.approve([`eip155:1:${account}`], [signInFor(wc.authenticate()!, account)])
    await expect(connecting).resolves.toEqual({ connected: true })
    await flush()
    await flush()
    expect(getSiwx(portico).status).toBe('needed')
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('a wallet that only approved the session is asked to sign after connecting', async () => {
    const site = siteSiwx()
    const { portico, wc } = await start({ siwx: site.config })
    const connecting = connectWalletConnect(portico)
    await flush()
    wc.approve([`eip155:1:${ACCOUNT}`])
    await expect(connecting).resolves.toEqual({ connected: true })
    await flush()
    await flush()
    expect(site.called('addSession')).toEqual([])
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('is not asked for when a network of the site is not eip155, nor without sign-in', async () => {
    const site = siteSiwx()
    const mixed = await start({
      siwx: site.config,
      networks: [
        testNetwork(1, 'eip155', 'Ethereum'),
        testNetwork('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana', 'Solana'),
      ],
    })
    void connectWalletConnect(mixed.portico)
    await flush()
    expect(mixed.wc.authenticate()).toBeUndefined()
    expect(site.called('createMessage')).toEqual([])

    const plain = await start()
    void connectWalletConnect(plain.portico)
    await flush()
    expect(plain.wc.authenticate()).toBeUndefined()
  })

  test('pairs without sign-in when the message cannot be written', async () => {
    const site = siteSiwx({
      createMessage: async () => {
        throw new Error('the sign-in server is down')
      },
    })
    const { portico, wc } = await start({ siwx: site.config })
    void connectWalletConnect(portico)
    await flush()
    expect(wc.authenticate()).toBeUndefined()
    wc.pair('wc:abc@2?relay-protocol=irn&symKey=1')
    expect(getWalletConnect(portico).pairing?.uri).toBe('wc:abc@2?relay-protocol=irn&symKey=1')
  })
})
