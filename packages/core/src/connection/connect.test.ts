// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { ProviderTimeoutError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { goBack } from '../modal/goBack.js'
import { openModal } from '../modal/openModal.js'
import { flush, rejected, setup } from '../testing/fakeAdapter.testkit.js'
import { getAccount } from './account.js'
import { cancelConnect } from './cancelConnect.js'
import { connect } from './connect.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

describe('connect', () => {
  test('shows the connecting view, then Account with address, network and balance', async () => {
    const { portico } = await setup()
    await initialize(portico)
    openModal(portico)
    const pending = connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: 'io.metamask', namespace: 'eip155' },
    })
    expect(portico.state.connection.status).toBe('connecting')
    await pending
    await flush()
    const account = getAccount(portico)
    expect(account.status).toBe('connected')
    expect(account.address).toBe(ADDRESS)
    expect(account.caipAddress).toBe(`eip155:1:${ADDRESS}`)
    expect(account.network?.caipNetworkId).toBe('eip155:1')
    expect(account.balance).toBe('1.2345')
    expect(account.balanceSymbol).toBe('ETH')
    expect(portico.state.router.route.view).toBe('Account')
    expect(portico.state.router.history).toEqual([])
  })

  test('a rejection in the wallet leaves the view with a retryable "Connection declined"', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = rejected()
    await connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.connection.error).toEqual({
      kind: 'rejected',
      message: { key: 'connectionDeclined' },
    })
    expect(portico.state.router.route.view).toBe('ConnectingExternal')
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 1 }
    await connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.connection.error).toBeUndefined()
    // the retry did not push a second connecting view
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('a wallet that times out gives a timeout error, not a hang', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    handle.nextConnect = new ProviderTimeoutError({ timeoutMs: 240_000 })
    await connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.error?.kind).toBe('timeout')
  })

  test('an answer after the visitor went back is ignored', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    openModal(portico)
    let answer: (value: unknown) => void = () => {}
    handle.adapter!.connect = () =>
      new Promise((resolve) => {
        answer = resolve as (value: unknown) => void
      })
    const pending = connect(portico, { connectorId: 'io.metamask' })
    goBack(portico)
    answer({ address: ADDRESS, accounts: [ADDRESS], chainId: 1 })
    expect(await pending).toEqual({ connected: false })
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('a rejection after a cancel is ignored', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    let fail: (error: unknown) => void = () => {}
    handle.adapter!.connect = () =>
      new Promise((_, reject) => {
        fail = reject
      })
    const pending = connect(portico, { connectorId: 'io.metamask' })
    cancelConnect(portico)
    fail(rejected())
    await pending
    expect(portico.state.connection.error).toBeUndefined()
  })

  test('an unknown connector is refused with a typed error', async () => {
    const { portico } = await setup()
    await initialize(portico)
    await expect(connect(portico, { connectorId: 'nope' })).rejects.toThrow('not available')
  })

  test('connecting on a network the site does not list opens UnsupportedChain', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 56 }
    await connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    expect(portico.state.chains.eip155?.networkState.unsupportedCaipNetworkId).toBe('eip155:56')
  })

  test('allowUnsupportedChain keeps Account for an unlisted network', async () => {
    const { portico, handle } = await setup({ allowUnsupportedChain: true })
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 56 }
    await connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route.view).toBe('Account')
  })
})

describe('wallet events', () => {
  async function connected() {
    const context = await setup()
    await initialize(context.portico)
    await connect(context.portico, { connectorId: 'io.metamask' })
    return context
  }

  test('accountsChanged moves to the new account and re-reads its balance', async () => {
    const { portico, handle } = await connected()
    const other = '0x2222222222222222222222222222222222222222'
    handle.balance = 5n * 10n ** 18n
    handle.context!.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [other] })
    await flush()
    expect(getAccount(portico).address).toBe(other)
    expect(getAccount(portico).caipAddress).toBe(`eip155:1:${other}`)
    expect(getAccount(portico).balance).toBe('5')
  })

  test('an empty accountsChanged disconnects', async () => {
    const { portico, handle } = await connected()
    handle.context!.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [] })
    expect(portico.state.connection.status).toBe('disconnected')
  })

  test('events of another connector are ignored', async () => {
    const { portico, handle } = await connected()
    handle.context!.emit({ type: 'disconnect', connectorId: 'other.wallet' })
    expect(portico.state.connection.status).toBe('connected')
  })

  test('the wallet moving to an unlisted network opens UnsupportedChain, and back to a listed one shows Account', async () => {
    const { portico, handle } = await connected()
    expect(portico.state.modal.open).toBe(false)
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 137 })
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 10 })
    expect(portico.state.router.route.view).toBe('Account')
    expect(getAccount(portico).network?.caipNetworkId).toBe('eip155:10')
    expect(getAccount(portico).caipAddress).toBe(`eip155:10:${ADDRESS}`)
  })

  test('a wallet disconnect event resets to Connect', async () => {
    const { portico, handle } = await connected()
    openModal(portico)
    handle.context!.emit({ type: 'disconnect', connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.router.route.view).toBe('Connect')
    expect(portico.state.modal.open).toBe(false)
  })
})
