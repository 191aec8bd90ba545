// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { connect } from '../connection/connect.js'
import { createPortico } from '../createPortico.js'
import { RequestCancelledError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { createMemoryStorage } from '../storage/storage.js'
import { flush, setup, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { closeModal } from './closeModal.js'
import { goBack } from './goBack.js'
import { navigate } from './navigate.js'
import { openModal } from './openModal.js'
import { shakeModal } from './shakeModal.js'
import { canGoBack } from './subViews.js'

afterEach(() => vi.useRealTimers())

describe('opening rules (SPEC §2)', () => {
  test('opens on Connect when no address is connected', async () => {
    const { portico } = await setup()
    openModal(portico)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('opens on Account when an address is connected', async () => {
    const { portico } = await setup()
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    closeModal(portico)
    openModal(portico)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('a caller may override the view', async () => {
    const { portico } = await setup()
    openModal(portico, { route: { view: 'Networks' } })
    expect(portico.state.router.route.view).toBe('Networks')
  })

  test('a caller may override the namespace', async () => {
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana', 'Solana')],
    })
    openModal(portico, { namespace: 'solana' })
    expect(portico.state.modal.activeChain).toBe('solana')
    expect(portico.state.modal.selectedNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(portico.state.router.route).toEqual({ view: 'Connect', params: { namespace: 'solana' } })
  })

  test('with no adapters it opens AllWallets on mobile', () => {
    const portico = createPortico({
      networks: [testNetwork(1)],
      isMobile: () => true,
      storage: createMemoryStorage(),
      ssr: true,
    })
    openModal(portico)
    expect(portico.state.router.route.view).toBe('AllWallets')
  })

  test('with no adapters it opens ConnectingWalletConnectBasic on desktop', () => {
    const portico = createPortico({
      networks: [testNetwork(1)],
      isMobile: () => false,
      storage: createMemoryStorage(),
      ssr: true,
    })
    openModal(portico)
    expect(portico.state.router.route.view).toBe('ConnectingWalletConnectBasic')
  })
})

describe('navigation rules (SPEC §2)', () => {
  test('going back from the first view closes the modal', async () => {
    const { portico } = await setup()
    openModal(portico)
    goBack(portico)
    expect(portico.state.modal.open).toBe(false)
  })

  test('going back returns to the previous view', async () => {
    const { portico } = await setup()
    openModal(portico)
    navigate(portico, { view: 'AllWallets' })
    goBack(portico)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('going back closes the modal when UnsupportedChain is in history', async () => {
    const { portico } = await setup()
    openModal(portico, { route: { view: 'UnsupportedChain' } })
    navigate(portico, { view: 'Networks' })
    goBack(portico)
    expect(portico.state.modal.open).toBe(false)
  })

  test('closing in embedded mode returns to Connect and keeps the modal shown', async () => {
    const { portico } = await setup({ enableEmbedded: true })
    openModal(portico)
    navigate(portico, { view: 'AllWallets' })
    closeModal(portico)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
    expect(portico.state.router.history).toEqual([])
  })

  test('closing in embedded mode returns to Account when connected', async () => {
    const { portico } = await setup({ enableEmbedded: true })
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    navigate(portico, { view: 'Networks' })
    closeModal(portico)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('closing while a wallet never answers abandons the attempt', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    handle.nextConnect = 'hang'
    openModal(portico)
    const attempt = connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('connecting')
    closeModal(portico)
    expect(portico.state.modal.open).toBe(false)
    expect(portico.state.connection.status).toBe('disconnected')
    await expect(attempt).rejects.toBeInstanceOf(RequestCancelledError)
  })
})

test('closing the modal while stored connections are restored does not interrupt the reconnect', async () => {
  const { portico, handle, storage } = await setup()
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  const { createPortico } = await import('../createPortico.js')
  const { fakeAdapter } = await import('../testing/fakeAdapter.testkit.js')
  const again = fakeAdapter()
  let answer: (value: unknown) => void = () => {}
  again.handle.connectors = handle.connectors
  const reloaded = createPortico({ ...portico.config, adapters: [again.factory], storage, ssr: true })
  again.handle.adapter!.reconnect = () =>
    new Promise((resolve) => {
      answer = resolve as (value: unknown) => void
    })
  const starting = initialize(reloaded)
  await Promise.resolve()
  expect(reloaded.state.connection.status).toBe('connecting')
  openModal(reloaded)
  closeModal(reloaded)
  expect(reloaded.state.connection.status).toBe('connecting')
  answer({
    address: '0x1111111111111111111111111111111111111111',
    accounts: ['0x1111111111111111111111111111111111111111'],
    chainId: 1,
  })
  await starting
  expect(reloaded.state.connection.status).toBe('connected')
})

describe('modal shake (SPEC §3, §9)', () => {
  test('lasts 500 ms', async () => {
    vi.useFakeTimers()
    const { portico } = await setup()
    shakeModal(portico)
    expect(portico.state.modal.shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(portico.state.modal.shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(portico.state.modal.shake).toBe(false)
  })

  test('a second shake restarts the 500 ms', async () => {
    vi.useFakeTimers()
    const { portico } = await setup()
    shakeModal(portico)
    vi.advanceTimersByTime(400)
    shakeModal(portico)
    vi.advanceTimersByTime(400)
    expect(portico.state.modal.shake).toBe(true)
    vi.advanceTimersByTime(100)
    expect(portico.state.modal.shake).toBe(false)
  })
})

test('two instances on one page share no state', async () => {
  const a = await setup()
  const b = await setup()
  openModal(a.portico)
  await flush()
  expect(b.portico.state.modal.open).toBe(false)
})

describe('back and close rules (SUB_VIEWS, SPEC §2)', () => {
  test('a sub-view offers Back even when opened directly; a first view only with history', async () => {
    const { portico } = await setup()
    openModal(portico)
    expect(canGoBack(portico)).toBe(false)
    openModal(portico, { route: { view: 'Networks' } })
    expect(canGoBack(portico)).toBe(true)
    openModal(portico, { route: { view: 'ConnectingWalletConnectBasic' } })
    expect(canGoBack(portico)).toBe(false)
    navigate(portico, { view: 'Account' })
    expect(canGoBack(portico)).toBe(true)
  })

  test('going back from the connecting view abandons the attempt; from another view it does not', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = 'hang'
    const pending = connect(portico, { connectorId: 'io.metamask' }).catch((error: unknown) => error)
    navigate(portico, { view: 'AllWallets' })
    goBack(portico)
    expect(portico.state.connection.status).toBe('connecting')
    navigate(portico, {
      view: 'ConnectingExternal',
      params: { connectorId: 'io.metamask', namespace: 'eip155' },
    })
    goBack(portico)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(await pending).toBeInstanceOf(RequestCancelledError)
  })
})
