// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { connect } from '../connection/connect.js'
import { disconnect } from '../connection/disconnect.js'
import { selectWallet } from '../connection/modal/selectWallet.js'
import { UserRejectedRequestError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { closeModal } from '../modal/closeModal.js'
import { openModal } from '../modal/openModal.js'
import { switchNetwork } from '../network/switchNetwork.js'
import type { AnalyticsEvent, Portico } from '../portico.js'
import { sendTokens } from '../send/sendTokens.js'
import { flush, setup, testConnector } from '../testing/fakeAdapter.testkit.js'
import { connectedSendAccount, RECEIVER } from '../testing/sendAccount.testkit.js'
import { selectMobileWallet } from '../walletConnect/modal/selectMobileWallet.js'
import type { WalletConnect, WalletConnectConnection } from '../walletConnect/types.js'

// Every event the modal sends (SPEC §7 analytics), with its name and properties. SIWX_AUTH_* and
// SWAP_* are checked where they are sent (siwx.test.ts, swap.test.ts); MODAL_CREATED is never sent
// (createAnalytics.test.ts).

function record(portico: Portico) {
  const events: AnalyticsEvent[] = []
  portico.internal.track = (event) => events.push(event)
  return events
}

describe('analytics events: name and properties', () => {
  test('opening, picking a wallet, connecting, switching, disconnecting and closing', async () => {
    const { portico } = await setup({}, [testConnector('io.metamask', { name: 'MetaMask' })])
    const events = record(portico)
    await initialize(portico)
    openModal(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    await flush()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await disconnect(portico)
    openModal(portico)
    closeModal(portico)
    expect(events).toEqual([
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      { type: 'track', event: 'SELECT_WALLET', properties: { name: 'MetaMask', platform: 'browser' } },
      { type: 'track', event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: 'MetaMask' } },
      // The modal closes once a wallet connects in it (`closeAfterConnecting`), and says so.
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: true } },
      { type: 'track', event: 'SWITCH_NETWORK', properties: { network: 'eip155:10' } },
      { type: 'track', event: 'DISCONNECT_SUCCESS', properties: { namespaces: ['eip155'] } },
      { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
      { type: 'track', event: 'MODAL_CLOSE', properties: { connected: false } },
    ])
  })

  test('a wallet that refuses: CONNECT_ERROR with the message shown and the wallet name', async () => {
    const { portico, handle } = await setup({}, [testConnector('io.metamask', { name: 'MetaMask' })])
    const events = record(portico)
    await initialize(portico)
    handle.nextConnect = new UserRejectedRequestError()
    await expect(connect(portico, { connectorId: 'io.metamask' })).rejects.toThrow()
    expect(events.at(-1)).toEqual({
      type: 'track',
      event: 'CONNECT_ERROR',
      properties: { message: { key: 'connectionDeclined' }, name: 'MetaMask' },
    })
  })

  test('a disconnect the wallet fails: DISCONNECT_ERROR with the namespaces', async () => {
    const { portico, handle } = await setup({}, [testConnector('io.metamask')])
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    const events = record(portico)
    handle.disconnectError = new Error('wallet gone')
    await disconnect(portico)
    expect(events).toEqual([
      { type: 'track', event: 'DISCONNECT_ERROR', properties: { namespaces: ['eip155'] } },
    ])
  })

  test('sends: SEND_SUCCESS, SEND_REJECTED and SEND_ERROR with the network', async () => {
    const { portico, handle } = await connectedSendAccount()
    const events = record(portico)
    await sendTokens(portico, { to: RECEIVER, amount: 1n })
    handle.nextSend = new UserRejectedRequestError()
    await expect(sendTokens(portico, { to: RECEIVER, amount: 1n })).rejects.toThrow()
    handle.nextSend = new Error('nonce too low')
    await expect(sendTokens(portico, { to: RECEIVER, amount: 1n })).rejects.toThrow()
    const properties = { network: 'eip155:1' }
    expect(events.filter((event) => event.event.startsWith('SEND_'))).toEqual([
      { type: 'track', event: 'SEND_SUCCESS', properties },
      { type: 'track', event: 'SEND_REJECTED', properties },
      { type: 'track', event: 'SEND_ERROR', properties },
    ])
  })

  test('a mobile wallet: SELECT_WALLET over the QR code, CONNECT_ERROR named WalletConnect', async () => {
    const service: WalletConnect = {
      registerNamespace: () => {},
      connect: () => Promise.reject<WalletConnectConnection>(new UserRejectedRequestError()),
      reconnect: async () => undefined,
      getSession: () => undefined,
      request: async () => null,
      disconnect: async () => {},
      subscribe: () => () => {},
    }
    const { portico } = await setup({ walletConnect: service }, [])
    await initialize(portico)
    const events = record(portico)
    await selectMobileWallet(portico, { walletId: 'me.rainbow' })
    expect(events).toEqual([
      { type: 'track', event: 'SELECT_WALLET', properties: { name: 'me.rainbow', platform: 'qrcode' } },
      {
        type: 'track',
        event: 'CONNECT_ERROR',
        properties: { message: { key: 'connectionDeclined' }, name: 'WalletConnect' },
      },
    ])
  })
})
