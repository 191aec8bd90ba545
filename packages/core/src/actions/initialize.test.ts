// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { createPortico } from '../createPortico.js'
import { STORAGE_PREFIX } from '../storage/keys.js'
import type { Storage } from '../storage/storage.js'
import { fakeAdapter, setup, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { connect } from './connect.js'
import { initialize } from './initialize.js'
import { switchNetwork } from './switchNetwork.js'

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
      eip155: { connectorId: 'io.metamask', name: 'io.metamask' },
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
    expect(handle.calls.find((call) => call.method === 'reconnect')?.parameters).toEqual({
      connectorId: 'io.metamask',
      timeoutMs: 3000,
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
    expect(portico.internal.storage.get('connections')).toEqual({})
  })

  test('a reconnect that throws leaves the visitor disconnected', async () => {
    const first = await setup()
    await initialize(first.portico)
    await connect(first.portico, { connectorId: 'io.metamask' })
    const { portico, handle } = reload(first.storage)
    handle.adapter!.reconnect = async () => {
      throw new Error('gone')
    }
    await initialize(portico)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.modal.loading).toBe(false)
  })

  test('initialize runs once however often it is called', async () => {
    const { portico, handle } = await setup()
    await Promise.all([initialize(portico), initialize(portico)])
    expect(handle.calls.filter((call) => call.method === 'start')).toHaveLength(1)
  })
})
