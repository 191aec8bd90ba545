import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createDiscovery } from './createDiscovery.js'
import type { InjectedWindow } from './injectedWeb3.js'
import { GENERIC_WALLET_ICON, KNOWN_WALLETS, NOVA_WALLET } from './walletIcons.js'

const extension = { version: '1', enable: async () => ({}) as never }
const logger = { debug: () => {}, warn: vi.fn(), error: () => {} }

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

function discover(window: InjectedWindow) {
  const changes: string[][] = []
  const discovery = createDiscovery({
    window,
    logger,
    onChange: (connectors) => changes.push(connectors.map((connector) => connector.name)),
  })
  discovery.start()
  return { discovery, changes }
}

it('lists the known extensions under their names and pictures, others under their key', () => {
  const { discovery } = discover({
    injectedWeb3: {
      'polkadot-js': extension,
      talisman: extension,
      'subwallet-js': extension,
      enkrypt: extension,
      'my-wallet': extension,
    },
  })
  expect(
    discovery.getConnectors().map(({ id, name, imageUrl, type, namespace, installed }) => ({
      id,
      name,
      imageUrl,
      type,
      namespace,
      installed,
    })),
  ).toEqual([
    {
      id: 'polkadot-js',
      name: 'polkadot{.js}',
      imageUrl: KNOWN_WALLETS['polkadot-js']!.imageUrl,
      type: 'INJECTED',
      namespace: 'polkadot',
      installed: true,
    },
    {
      id: 'talisman',
      name: 'Talisman',
      imageUrl: KNOWN_WALLETS.talisman!.imageUrl,
      type: 'INJECTED',
      namespace: 'polkadot',
      installed: true,
    },
    {
      id: 'subwallet-js',
      name: 'SubWallet',
      imageUrl: KNOWN_WALLETS['subwallet-js']!.imageUrl,
      type: 'INJECTED',
      namespace: 'polkadot',
      installed: true,
    },
    {
      id: 'enkrypt',
      name: 'Enkrypt',
      imageUrl: KNOWN_WALLETS.enkrypt!.imageUrl,
      type: 'INJECTED',
      namespace: 'polkadot',
      installed: true,
    },
    {
      id: 'my-wallet',
      name: 'my-wallet',
      imageUrl: GENERIC_WALLET_ICON,
      type: 'INJECTED',
      namespace: 'polkadot',
      installed: true,
    },
  ])
  for (const connector of discovery.getConnectors())
    expect(connector.imageUrl).toMatch(/^data:image\/svg\+xml,/)
})

it("names Nova Wallet's in-app browser as Nova Wallet", () => {
  const { discovery } = discover({
    injectedWeb3: { 'polkadot-js': extension },
    walletExtension: { isNovaWallet: true },
  })
  expect(discovery.getConnectors()[0]).toMatchObject({
    id: 'polkadot-js',
    name: 'Nova Wallet',
    imageUrl: NOVA_WALLET.imageUrl,
  })
})

it('finds an extension that injects itself late, keeps earlier connector objects, and stops looking after the bound', () => {
  const window: InjectedWindow = { injectedWeb3: { talisman: extension } }
  const { discovery, changes } = discover(window)
  const first = discovery.getConnectors()[0]
  window.injectedWeb3!['subwallet-js'] = extension
  vi.advanceTimersByTime(300)
  expect(changes).toEqual([['Talisman'], ['Talisman', 'SubWallet']])
  expect(discovery.getConnectors()[0]).toBe(first)
  vi.advanceTimersByTime(10_000)
  window.injectedWeb3!.enkrypt = extension
  vi.advanceTimersByTime(1_000)
  expect(changes).toHaveLength(2)
})

it('looks again after the page load event', () => {
  const listeners: Record<string, () => void> = {}
  const window: InjectedWindow = {
    injectedWeb3: {},
    addEventListener: (type, listener) => {
      listeners[type] = listener
    },
    removeEventListener: () => {},
  }
  const { discovery } = discover(window)
  vi.advanceTimersByTime(20_000)
  window.injectedWeb3!.talisman = extension
  listeners.load?.()
  expect(discovery.getConnectors().map((connector) => connector.id)).toEqual(['talisman'])
})

it('ignores and reports once an entry that is not an extension', () => {
  logger.warn.mockClear()
  const { discovery } = discover({ injectedWeb3: { broken: { enable: 'no' }, 'bad key!': extension } })
  vi.advanceTimersByTime(2_000)
  expect(discovery.getConnectors()).toEqual([])
  expect(logger.warn).toHaveBeenCalledTimes(2)
})

it('names an extension the site describes, with its picture when it is a data: or https: URL', () => {
  const window: InjectedWindow = { injectedWeb3: { 'portico-dev-wallet': extension, other: extension } }
  const discovery = createDiscovery({
    window,
    logger,
    onChange: () => {},
    extensions: {
      'portico-dev-wallet': { name: 'Portico Dev Wallet', imageUrl: 'data:image/svg+xml,<svg/>' },
      other: { name: 'Other', imageUrl: 'javascript:alert(1)' },
    },
  })
  discovery.start()
  expect(discovery.getConnectors().map(({ name, imageUrl }) => ({ name, imageUrl }))).toEqual([
    { name: 'Portico Dev Wallet', imageUrl: 'data:image/svg+xml,<svg/>' },
    { name: 'Other', imageUrl: GENERIC_WALLET_ICON },
  ])
  discovery.destroy()
})
