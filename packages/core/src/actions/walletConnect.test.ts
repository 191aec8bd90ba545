// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { UserRejectedRequestError } from '../errors/base.js'
import { getWalletConnect } from '../reads/walletConnect.js'
import { flush, setup, testConnector } from '../testing/fakeAdapter.testkit.js'
import type { WalletConnect, WalletConnectPairing, WalletConnectSession } from '../types/walletConnect.js'
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
  let settle: { resolve(session: WalletConnectSession): void; reject(error: Error): void } | undefined
  let signal: AbortSignal | undefined
  const service: WalletConnect = {
    registerNamespace: () => {},
    connect: (parameters) =>
      new Promise<WalletConnectSession>((resolve, reject) => {
        showPairing = parameters.onPairing
        signal = parameters.signal
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
    approve: (accounts: string[]) => settle?.resolve({ accounts, peer: { name: 'Test Wallet', icons: [] } }),
    refuse: () => settle?.reject(new UserRejectedRequestError()),
    aborted: () => signal?.aborted,
  }
}

async function start() {
  const wc = scriptedWalletConnect()
  const connectors = [
    testConnector(WALLET_CONNECT_CONNECTOR_ID, { type: 'WALLET_CONNECT', name: 'WalletConnect' }),
  ]
  const { portico, handle } = await setup({ walletConnect: wc.service }, connectors)
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
