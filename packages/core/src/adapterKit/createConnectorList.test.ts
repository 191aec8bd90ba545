import { describe, expect, test } from 'vitest'
import { testConnector } from '../testing/fakeAdapter.testkit.js'
import type { AdapterContext, AdapterEvent, Connector } from './contract.js'
import { createConnectorList } from './createConnectorList.js'
import { walletConnectConnector } from './createWalletConnectNamespace.js'
import type { WalletDiscovery } from './WalletDiscovery.js'

/** A discovery the test announces wallets through, recording its lifecycle. */
function scriptedDiscovery() {
  const wallets = new Map<string, { id: string }>()
  let onChange: (connectors: readonly Connector[]) => void = () => {}
  const calls: string[] = []
  const discovery: WalletDiscovery<{ id: string }> = {
    start: () => void calls.push('start'),
    destroy: () => void calls.push('destroy'),
    getConnectors: () => [...wallets.keys()].map((id) => testConnector(id)),
    getWallet: (id) => wallets.get(id),
    waitForWallet: async (id) => wallets.get(id),
  }
  return {
    discovery,
    calls,
    listen: (listener: typeof onChange) => {
      onChange = listener
      return discovery
    },
    announce: (id: string) => {
      wallets.set(id, { id })
      onChange(discovery.getConnectors())
    },
  }
}

const AUTH: Connector = {
  id: 'portico.embedded',
  name: 'E-mail wallet',
  type: 'AUTH',
  namespace: 'solana',
  installed: true,
}

function setup(
  options: { isBrowser?: boolean; walletConnect?: boolean; page?: boolean; fixed?: boolean } = {},
) {
  const events: AdapterEvent[] = []
  const context: AdapterContext = {
    networks: () => [],
    storage: { getItem: () => null, setItem: () => {}, removeItem: () => {} },
    emit: (event) => events.push(event),
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    isBrowser: options.isBrowser ?? true,
  }
  const scripted = scriptedDiscovery()
  const list = createConnectorList({
    context,
    walletConnect: options.walletConnect ? walletConnectConnector('solana') : undefined,
    discover: (onChange) => (options.page === false ? undefined : scripted.listen(onChange)),
    ...(options.fixed ? { fixed: [{ connector: AUTH, wallet: { id: 'embedded' } }] } : {}),
  })
  return { list, events, scripted }
}

describe('createConnectorList', () => {
  test('starts the discovery once and reports each change with the WalletConnect connector last', async () => {
    const { list, events, scripted } = setup({ walletConnect: true })
    expect(list.getConnectors()).toEqual([])
    expect(list.start()).toBe(true)
    expect(list.start()).toBe(false)
    expect(scripted.calls).toEqual(['start'])
    scripted.announce('io.phantom')
    expect(events).toEqual([
      {
        type: 'connectors',
        connectors: [testConnector('io.phantom'), walletConnectConnector('solana')],
      },
    ])
    expect(list.getConnectors().map((connector) => connector.id)).toEqual(['io.phantom', 'walletConnect'])
    expect(list.getWallet('io.phantom')).toEqual({ id: 'io.phantom' })
    expect(await list.waitForWallet('io.phantom', 10)).toEqual({ id: 'io.phantom' })
  })

  test('outside a browser nothing starts and nothing is listed, WalletConnect included', async () => {
    const { list, scripted } = setup({ isBrowser: false, walletConnect: true })
    expect(list.start()).toBe(false)
    expect(scripted.calls).toEqual([])
    expect(list.getConnectors()).toEqual([])
    expect(await list.waitForWallet('io.phantom', 10)).toBeUndefined()
  })

  test('without a page to discover in, the WalletConnect connector is still offered once started', () => {
    const { list } = setup({ page: false, walletConnect: true })
    expect(list.start()).toBe(true)
    expect(list.getConnectors()).toEqual([walletConnectConnector('solana')])
    expect(list.getWallet('io.phantom')).toBeUndefined()
  })

  test("the adapter's own wallets come first once started, and are found by their connector id", async () => {
    const { list, events, scripted } = setup({ fixed: true, walletConnect: true })
    expect(list.getConnectors()).toEqual([])
    expect(list.getWallet('portico.embedded')).toBeUndefined()
    list.start()
    expect(list.getConnectors()).toEqual([AUTH, walletConnectConnector('solana')])
    scripted.announce('io.phantom')
    expect(events.at(-1)).toEqual({
      type: 'connectors',
      connectors: [AUTH, testConnector('io.phantom'), walletConnectConnector('solana')],
    })
    expect(list.getWallet('portico.embedded')).toEqual({ id: 'embedded' })
    expect(await list.waitForWallet('portico.embedded', 10)).toEqual({ id: 'embedded' })
    expect(list.getWallet('io.phantom')).toEqual({ id: 'io.phantom' })
    list.destroy()
    expect(list.getWallet('portico.embedded')).toBeUndefined()
  })

  test('destroy stops the discovery and the list, and a new start begins again', () => {
    const { list, scripted } = setup()
    list.start()
    scripted.announce('io.phantom')
    list.destroy()
    expect(scripted.calls).toEqual(['start', 'destroy'])
    expect(list.getConnectors()).toEqual([])
    expect(list.start()).toBe(true)
    expect(scripted.calls).toEqual(['start', 'destroy', 'start'])
  })
})
