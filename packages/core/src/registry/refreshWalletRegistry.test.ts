import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { openModal } from '../modal/openModal.js'
import { closedPortUrl, startTestApiServer } from '../testing/apiTestServer.testkit.js'
import { setup } from '../testing/fakeAdapter.testkit.js'
import type { RegistryWallet } from '../walletConnect/types.js'
import { refreshWalletRegistry, WALLET_REGISTRY_TTL_MS } from './refreshWalletRegistry.js'
import { getRegistryWallets } from './walletRegistry.js'

const shipped: readonly RegistryWallet[] = [{ id: 'io.metamask', name: 'MetaMask', namespaces: ['eip155'] }]
const served: RegistryWallet[] = [
  { id: 'me.rainbow', name: 'Rainbow', namespaces: ['eip155'], mobile: { universal: 'https://rnbwapp.com' } },
  { id: 'com.ledger', name: 'Ledger Live', namespaces: ['eip155'], imageUrl: 'data:image/png;base64,AAAA' },
]

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
  server.reply(() => ({ status: 200, body: { wallets: served } }))
})
afterEach(async () => {
  vi.useRealTimers()
  await server.close()
})

const withServer = () => ({ apiUrl: server.url, projectId: 'p1', walletRegistry: shipped })

describe('refreshWalletRegistry', () => {
  test('the configured list is used until the server list arrives, then the server list', async () => {
    const { portico } = await setup(withServer())
    expect(getRegistryWallets(portico)).toBe(shipped)
    await refreshWalletRegistry(portico)
    expect(getRegistryWallets(portico)).toEqual(served)
    expect(server.requests).toMatchObject([
      { method: 'GET', path: '/v1/wallets', query: { projectId: 'p1' } },
    ])
  })

  test('a registry loaded on demand is loaded when the modal first opens, not before', async () => {
    let loads = 0
    const load = async () => {
      loads++
      return shipped
    }
    const { portico } = await setup({ walletRegistry: load })
    expect(getRegistryWallets(portico)).toEqual([])
    expect(loads).toBe(0)
    openModal(portico)
    await vi.waitFor(() => expect(getRegistryWallets(portico)).toEqual(shipped))
    expect(loads).toBe(1)
    await refreshWalletRegistry(portico)
    expect(loads).toBe(1)
  })

  test('keeps the list in storage for a day and asks again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const { portico, storage } = await setup(withServer())
    await refreshWalletRegistry(portico)
    expect(server.requests).toHaveLength(1)

    // A new page load on the same storage: the stored list is used without a request.
    const again = await setup({ ...withServer(), storage })
    await refreshWalletRegistry(again.portico)
    expect(getRegistryWallets(again.portico)).toEqual(served)
    expect(server.requests).toHaveLength(1)

    vi.setSystemTime(Date.now() + WALLET_REGISTRY_TTL_MS + 1)
    server.reply(() => ({ status: 200, body: { wallets: [served[0]] } }))
    await refreshWalletRegistry(again.portico)
    expect(server.requests).toHaveLength(2)
    expect(getRegistryWallets(again.portico)).toEqual([served[0]])
  })

  test('a malformed answer is dropped and the last good list kept', async () => {
    const { portico } = await setup(withServer())
    await refreshWalletRegistry(portico)
    server.reply(() => ({
      status: 200,
      body: {
        wallets: [
          { id: 'x', name: 'Evil', namespaces: ['eip155'], mobile: { native: 'javascript:alert(1)' } },
        ],
      },
    }))
    await refreshWalletRegistry(portico, { force: true })
    expect(getRegistryWallets(portico)).toEqual(served)
  })

  test('a server that cannot be reached leaves the configured list', async () => {
    const { portico } = await setup({ ...withServer(), apiUrl: await closedPortUrl() })
    await refreshWalletRegistry(portico)
    expect(getRegistryWallets(portico)).toBe(shipped)
    expect(portico.state.walletRegistry.loading).toBe(false)
  })

  test('gives up after 10 s without an answer (SPEC §9) and keeps the configured list', async () => {
    server.reply(() => 'hang')
    const { portico } = await setup(withServer())
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const refresh = refreshWalletRegistry(portico)
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    expect(portico.state.walletRegistry.loading).toBe(true)
    await vi.advanceTimersByTimeAsync(10_000)
    await refresh
    expect(portico.state.walletRegistry.loading).toBe(false)
    expect(getRegistryWallets(portico)).toBe(shipped)
  })

  test('asks nothing without a configured registry, without a server, or with allWallets off', async () => {
    for (const config of [
      { apiUrl: server.url, projectId: 'p1' },
      { walletRegistry: shipped },
      { ...withServer(), features: { allWallets: false } },
    ]) {
      const { portico } = await setup(config)
      await refreshWalletRegistry(portico)
    }
    expect(server.requests).toEqual([])
  })

  test('opening the modal starts the refresh in the background and does not wait on it', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {}
    server.reply(() => new Promise((resolve) => (answer = resolve)))
    const { portico } = await setup(withServer())
    openModal(portico)
    expect(portico.state.modal.open).toBe(true)
    await vi.waitFor(() => expect(server.requests).toHaveLength(1))
    expect(getRegistryWallets(portico)).toBe(shipped)
    answer({ status: 200, body: { wallets: served } })
    await vi.waitFor(() => expect(getRegistryWallets(portico)).toEqual(served))
  })
})
