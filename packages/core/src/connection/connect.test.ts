// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import {
  ConnectorNotFoundError,
  ProviderRequestError,
  ProviderTimeoutError,
  RequestCancelledError,
  UserRejectedRequestError,
} from '../errors/base.js'
import { initialize } from '../initialize.js'
import { openModal } from '../modal/openModal.js'
import type { Portico } from '../portico.js'
import { flush, rejected, setup } from '../testing/fakeAdapter.testkit.js'
import { getAccount } from './account.js'
import { cancelConnect } from './cancelConnect.js'
import { type ConnectErrorType, connect } from './connect.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** The modal's part of the state: a domain action leaves it as it was. */
const modalPart = (portico: Portico) =>
  JSON.parse(
    JSON.stringify({
      route: portico.state.router.route,
      history: portico.state.router.history,
      open: portico.state.modal.open,
      shake: portico.state.modal.shake,
      alert: portico.state.alert.current,
      toast: portico.state.toast.current,
    }),
  )

async function opened() {
  const context = await setup()
  await initialize(context.portico)
  openModal(context.portico)
  return { ...context, before: modalPart(context.portico) }
}

describe('connect (domain action)', () => {
  test('resolves the account and connects, leaving the modal where it was', async () => {
    const { portico, before } = await opened()
    const pending = connect(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('connecting')
    await expect(pending).resolves.toEqual({
      connectorId: 'io.metamask',
      namespace: 'eip155',
      address: ADDRESS,
      caipAddress: `eip155:1:${ADDRESS}`,
    })
    await flush()
    expect(getAccount(portico).status).toBe('connected')
    expect(modalPart(portico)).toEqual(before)
  })

  test('a refusal in the wallet rejects with UserRejectedRequestError (4001) the caller can catch', async () => {
    const { portico, handle, before } = await opened()
    handle.nextConnect = rejected()
    const error = (await connect(portico, { connectorId: 'io.metamask' }).catch((e) => e)) as ConnectErrorType
    expect(error.name).toBe('UserRejectedRequestError')
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.connection.error).toEqual({
      kind: 'rejected',
      message: { key: 'connectionDeclined' },
    })
    expect(modalPart(portico)).toEqual(before)
  })

  test('a wallet that does not answer in time rejects with ProviderTimeoutError', async () => {
    const { portico, handle, before } = await opened()
    handle.nextConnect = new ProviderTimeoutError({ timeoutMs: 240_000 })
    await expect(connect(portico, { connectorId: 'io.metamask' })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
    expect(portico.state.connection.error?.kind).toBe('timeout')
    expect(modalPart(portico)).toEqual(before)
  })

  test('an unknown connector rejects with ConnectorNotFoundError and changes nothing', async () => {
    const { portico, before } = await opened()
    await expect(connect(portico, { connectorId: 'nope' })).rejects.toBeInstanceOf(ConnectorNotFoundError)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(modalPart(portico)).toEqual(before)
  })

  test('a wallet failure that is not a Portico error rejects as ProviderRequestError with it as cause', async () => {
    const { portico, handle } = await opened()
    const crash = new Error('extension crashed')
    handle.nextConnect = crash
    const error = await connect(portico, { connectorId: 'io.metamask' }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(error.walk()).toBe(crash)
    expect(portico.state.connection.error?.kind).toBe('failed')
  })

  test('an attempt cancelled while the wallet never answers rejects with RequestCancelledError at once', async () => {
    const { portico, handle, before } = await opened()
    handle.nextConnect = 'hang'
    const pending = connect(portico, { connectorId: 'io.metamask' })
    cancelConnect(portico)
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(modalPart(portico)).toEqual(before)
  })

  test('an attempt cancelled while the wallet is asked rejects with RequestCancelledError, even if the wallet then accepts', async () => {
    const { portico, handle, before } = await opened()
    let answer: (value: unknown) => void = () => {}
    handle.adapter!.connect = () =>
      new Promise((resolve) => {
        answer = resolve as (value: unknown) => void
      })
    const pending = connect(portico, { connectorId: 'io.metamask' })
    cancelConnect(portico)
    answer({ address: ADDRESS, accounts: [ADDRESS], chainId: 1 })
    await expect(pending).rejects.toBeInstanceOf(RequestCancelledError)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(modalPart(portico)).toEqual(before)
  })

  test('an attempt replaced by a newer one rejects with RequestCancelledError; its refusal is not recorded', async () => {
    const { portico, handle } = await opened()
    let fail: (error: unknown) => void = () => {}
    handle.adapter!.connect = () =>
      new Promise((_, reject) => {
        fail = reject
      })
    const first = connect(portico, { connectorId: 'io.metamask' })
    const firstFail = fail
    const second = connect(portico, { connectorId: 'io.metamask' })
    firstFail(rejected())
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError)
    expect(portico.state.connection.error).toBeUndefined()
    expect(portico.state.connection.status).toBe('connecting')
    fail(rejected())
    await expect(second).rejects.toBeInstanceOf(UserRejectedRequestError)
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
