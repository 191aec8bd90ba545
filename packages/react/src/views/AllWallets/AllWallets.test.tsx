import type { RegistryWallet, WalletConnect, WalletConnectSession } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { hashString } from '../../components/safeUrl.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

describe('AllWallets', () => {
  test('is reached from Connect, focuses its search field and filters by name', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'All Wallets' })))
    const search = await view.findByRole('searchbox', { name: 'Search wallets' })
    await waitFor(() => expect(modalRoot()?.activeElement).toBe(search))
    expect(view.getAllByRole('listitem')).toHaveLength(2)
    await run(() => fireEvent.change(search, { target: { value: 'mask' } }))
    expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['MMetaMaskInstalled'])
    await run(() => fireEvent.change(search, { target: { value: 'phantom' } }))
    expect(view.getByText('No wallet found')).toBeTruthy()
    expect(view.queryByRole('list')).toBeNull()
  })

  test('choosing a wallet from the list connects to it', async () => {
    const { portico, calls } = await renderPortico()
    const view = await open(portico, { route: { view: 'AllWallets' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: /MetaMask/ })))
    expect(calls.connect).toEqual(['io.metamask'])
    expect(await view.findByText('Continue in MetaMask')).toBeTruthy()
  })
})

const registry: readonly RegistryWallet[] = [
  { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask', namespaces: ['eip155'] },
  { id: 'me.rainbow', name: 'Rainbow', rdns: 'me.rainbow', namespaces: ['eip155'] },
  {
    id: 'com.ledger',
    name: 'Ledger Live',
    namespaces: ['eip155'],
    imageUrl: 'https://images.example/ledger.png',
  },
  { id: 'io.bad', name: 'Bad Icon', namespaces: ['eip155'], imageUrl: 'javascript:alert(1)' },
]

/** A WalletConnect service that records pairings started and never settles them. */
function pendingWalletConnect() {
  const started: AbortSignal[] = []
  const service: WalletConnect = {
    registerNamespace: () => {},
    connect: ({ signal }) => {
      if (signal) started.push(signal)
      return new Promise<WalletConnectSession>(() => {})
    },
    reconnect: async () => undefined,
    getSession: () => undefined,
    request: async () => null,
    disconnect: async () => {},
    subscribe: () => () => {},
  }
  return { service, started }
}

const rowNames = () =>
  [...(modalRoot()?.querySelectorAll('li .row-name') ?? [])].map((element) => element.textContent)

describe('AllWallets with the wallet registry', () => {
  test('lists registry wallets after the installed ones, without those already installed', async () => {
    const { portico } = await renderPortico({ config: { walletRegistry: registry } })
    await open(portico, { route: { view: 'AllWallets' } })
    expect(rowNames()).toEqual(['Rabby', 'MetaMask', 'Rainbow', 'Ledger Live', 'Bad Icon'])
  })

  test('a registry that arrives while the view is open is listed at once', async () => {
    let deliver: (wallets: readonly RegistryWallet[]) => void = () => {}
    const loaded = new Promise<readonly RegistryWallet[]>((resolve) => {
      deliver = resolve
    })
    const { portico } = await renderPortico({ config: { walletRegistry: () => loaded } })
    await open(portico, { route: { view: 'AllWallets' } })
    expect(rowNames()).toEqual(['Rabby', 'MetaMask'])
    await run(async () => {
      deliver(registry)
      await loaded
    })
    await waitFor(() =>
      expect(rowNames()).toEqual(['Rabby', 'MetaMask', 'Rainbow', 'Ledger Live', 'Bad Icon']),
    )
  })

  test('a wallet without a safe icon gets a letter tile coloured from its id; an https icon loads lazily', async () => {
    const { portico } = await renderPortico({ config: { walletRegistry: registry } })
    const view = await open(portico, { route: { view: 'AllWallets' } })
    const rainbow = view.getByRole('button', { name: 'Rainbow' })
    const tile = rainbow.querySelector<HTMLElement>('[data-monogram]')
    expect(tile?.textContent).toBe('R')
    expect(tile?.style.getPropertyValue('--p-letter-hue')).toBe(String(hashString('me.rainbow') % 360))
    expect(rainbow.querySelector('img')).toBeNull()

    const ledger = view.getByRole('button', { name: 'Ledger Live' }).querySelector('img')
    expect(ledger?.getAttribute('src')).toBe('https://images.example/ledger.png')
    expect(ledger?.getAttribute('loading')).toBe('lazy')

    const bad = view.getByRole('button', { name: 'Bad Icon' })
    expect(bad.querySelector('img')).toBeNull()
    expect(bad.querySelector('[data-monogram]')?.textContent).toBe('B')
  })

  test('search covers registry wallets, and the arrow keys move from the field through every row', async () => {
    const { portico } = await renderPortico({ config: { walletRegistry: registry } })
    const view = await open(portico, { route: { view: 'AllWallets' } })
    const search = await view.findByRole('searchbox', { name: 'Search wallets' })
    await run(() => fireEvent.change(search, { target: { value: 'led' } }))
    expect(rowNames()).toEqual(['Ledger Live'])
    await run(() => fireEvent.change(search, { target: { value: '' } }))

    fireEvent.keyDown(search, { key: 'ArrowDown' })
    expect(modalRoot()?.activeElement?.textContent).toContain('Rabby')
    const list = view.getByRole('list')
    fireEvent.keyDown(list, { key: 'ArrowDown' })
    fireEvent.keyDown(list, { key: 'ArrowDown' })
    expect(modalRoot()?.activeElement?.textContent).toContain('Rainbow')
    fireEvent.keyDown(list, { key: 'End' })
    expect(modalRoot()?.activeElement?.textContent).toContain('Bad Icon')
  })

  test('choosing a registry wallet starts a WalletConnect pairing for it', async () => {
    const walletConnect = pendingWalletConnect()
    const { portico, calls } = await renderPortico({
      config: { walletRegistry: registry, walletConnect: walletConnect.service },
    })
    const view = await open(portico, { route: { view: 'AllWallets' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Rainbow' })))
    expect(walletConnect.started).toHaveLength(1)
    expect(portico.state.router.route).toEqual({
      view: 'ConnectingWalletConnectBasic',
      params: { walletId: 'me.rainbow' },
    })
    expect(portico.state.walletConnect.walletId).toBe('me.rainbow')
    expect(calls.connect).toEqual([])
  })

  test('without WalletConnect configured, choosing a registry wallet shakes the modal and stays', async () => {
    const { portico } = await renderPortico({ config: { walletRegistry: registry } })
    const view = await open(portico, { route: { view: 'AllWallets' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Rainbow' })))
    await waitFor(() => expect(portico.state.modal.shake).toBe(true))
    expect(portico.state.router.route.view).toBe('AllWallets')
  })
})
