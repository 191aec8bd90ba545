// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { selectWallet } from '../connection/modal/selectWallet.js'
import { initialize } from '../initialize.js'
import { signIn } from '../siwx/modal/signIn.js'
import { flush, setup } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import { closeModalByPointer, MODAL_CLOSE_GUARD_MS } from './closeModalByPointer.js'
import { openModal } from './openModal.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

async function connectInModal(overrides: Parameters<typeof setup>[0] = {}) {
  const { portico, handle } = await setup(overrides)
  await initialize(portico)
  openModal(portico)
  return { portico, handle, connect: () => selectWallet(portico, { connectorId: 'io.metamask' }) }
}

afterEach(() => vi.useRealTimers())

describe('after connecting, the modal closes', () => {
  test('a plain wallet: closed, and opening it again shows Account', async () => {
    const { portico, connect } = await connectInModal()
    await connect()
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.modal.open).toBe(false)
    openModal(portico)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('keepOpenAfterConnect keeps the old behaviour: Account stays on view', async () => {
    const { portico, connect } = await connectInModal({ keepOpenAfterConnect: true })
    await connect()
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('embedded mode shows Account instead', async () => {
    const { portico, connect } = await connectInModal({ enableEmbedded: true })
    await connect()
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('an unsupported network keeps it open on UnsupportedChain; a listed network then closes it', async () => {
    const { portico, handle, connect } = await connectInModal()
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 56 }
    await connect()
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 1 })
    await flush()
    expect(portico.state.chains.eip155?.networkState.unsupportedCaipNetworkId).toBeUndefined()
    expect(portico.state.modal.open).toBe(false)
  })

  test('a network change later, in a modal the visitor opened, does not close it', async () => {
    const { portico, handle, connect } = await connectInModal()
    await connect()
    openModal(portico)
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 56 })
    await flush()
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 1 })
    await flush()
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Account')
  })

  test.each([false, true])(
    'sign-in (required: %s): open on the sign-in view, closed once signed',
    async (required) => {
      const site = siteSiwx()
      const { portico, connect } = await connectInModal({ siwx: { ...site.config, required } })
      await connect()
      await flush()
      await flush()
      expect(portico.state.modal.open).toBe(true)
      expect(portico.state.router.route.view).toBe('SIWXSignMessage')
      await signIn(portico)
      expect(portico.state.siwx.status).toBe('signedIn')
      expect(portico.state.modal.open).toBe(false)
    },
  )

  test('sign-in with a stored session: open while the session is looked up, closed once found', async () => {
    const site = siteSiwx()
    let answer: () => void = () => {}
    const stored = site.config.getSessions
    const { portico, handle, connect } = await connectInModal({
      siwx: {
        ...site.config,
        getSessions: (chainId, address) =>
          new Promise((resolve) => {
            answer = () => resolve(stored(chainId, address))
          }),
      },
    })
    await site.config.addSession({
      data: {
        domain: 'shop.example',
        accountAddress: handle.account,
        uri: 'https://shop.example/',
        version: '1',
        chainId: 'eip155:1',
        nonce: 'storednonce1',
        issuedAt: '2026-11-23T10:00:00.000Z',
      },
      message: 'sign in',
      signature: '0x01',
    })
    await connect()
    await flush()
    expect(portico.state.siwx.status).toBe('checking')
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Account')
    answer()
    await flush()
    expect(portico.state.siwx.status).toBe('signedIn')
    expect(portico.state.modal.open).toBe(false)
  })
})

describe('closeModalByPointer: a double-click does not close what its first click opened', () => {
  test(`a click within ${MODAL_CLOSE_GUARD_MS} ms of opening is ignored; after it, it closes`, async () => {
    const { portico } = await setup()
    vi.useFakeTimers({ toFake: ['Date'] })
    openModal(portico)
    vi.advanceTimersByTime(30)
    expect(closeModalByPointer(portico, { pressedHere: true })).toBe(false)
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS - 31)
    expect(closeModalByPointer(portico, { pressedHere: true })).toBe(false)
    expect(portico.state.modal.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(closeModalByPointer(portico, { pressedHere: true })).toBe(true)
    expect(portico.state.modal.open).toBe(false)
  })

  test('a press that began elsewhere (inside the dialog) is not a click on the backdrop', async () => {
    const { portico } = await setup()
    vi.useFakeTimers({ toFake: ['Date'] })
    openModal(portico)
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS * 10)
    expect(closeModalByPointer(portico, { pressedHere: false })).toBe(false)
    expect(portico.state.modal.open).toBe(true)
  })

  test('the guard counts from opening: navigating inside the modal does not restart it', async () => {
    const { portico } = await setup()
    vi.useFakeTimers({ toFake: ['Date'] })
    openModal(portico)
    vi.advanceTimersByTime(MODAL_CLOSE_GUARD_MS)
    openModal(portico, { route: { view: 'Networks' } })
    expect(closeModalByPointer(portico, { pressedHere: true })).toBe(true)
  })
})
