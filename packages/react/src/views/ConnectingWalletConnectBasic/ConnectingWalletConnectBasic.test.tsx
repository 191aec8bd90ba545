import {
  UserRejectedRequestError,
  WALLET_CONNECT_CONNECTOR_ID,
  type WalletConnect,
  type WalletConnectPairing,
  type WalletConnectSession,
} from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { modal, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

/** A WalletConnect service the test drives: it shows pairings and refuses or approves when told. */
function scripted() {
  let show: (pairing: WalletConnectPairing) => void = () => {}
  let settle: { resolve(session: WalletConnectSession): void; reject(error: Error): void } | undefined
  let pairings = 0
  const service: WalletConnect = {
    registerNamespace: () => {},
    connect: (parameters) =>
      new Promise((resolve, reject) => {
        pairings++
        show = parameters.onPairing
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
    pairings: () => pairings,
    pair: (uri: string) => show({ uri, expiresAt: Date.now() + 300_000 }),
    refuse: () => settle?.reject(new UserRejectedRequestError()),
  }
}

const walletConnectConnector = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'WALLET_CONNECT' as const,
  namespace: 'eip155' as const,
  installed: true,
}

describe('ConnectingWalletConnectBasic', () => {
  test('picking WalletConnect shows the pairing as a QR code, a new one when it expires', async () => {
    const wc = scripted()
    const { portico } = await renderPortico({
      connectors: [walletConnectConnector, ...wallets],
      config: { walletConnect: wc.service },
    })
    await open(portico)
    const view = modal()
    await run(() => fireEvent.click(view.getByRole('button', { name: /WalletConnect/ })))
    expect(await view.findByRole('img', { name: 'Preparing the pairing code' })).toBeTruthy()
    await run(() => wc.pair('wc:first@2?relay-protocol=irn&symKey=aa'))
    const qr = await view.findByRole('img', { name: 'WalletConnect pairing code' })
    const firstPath = qr.querySelector('path')?.getAttribute('d')
    await run(() => wc.pair('wc:second@2?relay-protocol=irn&symKey=bb'))
    await waitFor(() =>
      expect(
        view
          .getByRole('img', { name: 'WalletConnect pairing code' })
          .querySelector('path')
          ?.getAttribute('d'),
      ).not.toBe(firstPath),
    )
    expect(view.getByRole('button', { name: 'Copy link' })).toBeTruthy()
    expect(wc.pairings()).toBe(1)
  })

  test('a wallet that refuses shows the reason and Try again pairs anew', async () => {
    const wc = scripted()
    const { portico } = await renderPortico({
      connectors: [walletConnectConnector, ...wallets],
      config: { walletConnect: wc.service },
    })
    await open(portico, { route: { view: 'ConnectingWalletConnectBasic' } })
    const view = modal()
    await waitFor(() => expect(wc.pairings()).toBe(1))
    await run(() => wc.pair('wc:abc@2?relay-protocol=irn&symKey=aa'))
    await run(() => wc.refuse())
    expect((await view.findByText('Connection declined')).textContent).toBe('Connection declined')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Try again' })))
    await waitFor(() => expect(wc.pairings()).toBe(2))
  })

  test('on a phone, the picked wallet is opened by its own link with the pairing', async () => {
    const wc = scripted()
    const rainbow = {
      id: 'me.rainbow',
      name: 'Rainbow',
      namespaces: ['eip155' as const],
      mobile: { native: 'rainbow:', universal: 'https://rnbwapp.com' },
    }
    const { portico } = await renderPortico({
      connectors: [walletConnectConnector],
      config: { walletConnect: wc.service, walletRegistry: [rainbow], isMobile: () => true },
    })
    await open(portico, {
      route: { view: 'ConnectingWalletConnectBasic', params: { walletId: 'me.rainbow' } },
    })
    const view = modal()
    await waitFor(() => expect(wc.pairings()).toBe(1))
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=aa'
    await run(() => wc.pair(uri))
    const link = await view.findByRole('link', { name: 'Open and continue in a new browser tab' })
    expect(link.getAttribute('href')).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`)
    expect(view.queryByRole('img', { name: 'WalletConnect pairing code' })).toBeNull()
  })

  test('without walletConnect it says that nothing can connect here', async () => {
    const { portico } = await renderPortico({ connectors: wallets })
    await open(portico, { route: { view: 'ConnectingWalletConnectBasic' } })
    expect(await modal().findByText('No wallet adapters are configured for this site')).toBeTruthy()
  })
})
