// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { ConnectorNotFoundError, ProviderTimeoutError, UserRejectedRequestError } from '../../errors/base.js'
import { initialize } from '../../initialize.js'
import { goBack } from '../../modal/goBack.js'
import { openModal } from '../../modal/openModal.js'
import { flush, rejected, setup, testConnector } from '../../testing/fakeAdapter.testkit.js'
import { getAccount } from '../account.js'
import { cancelConnect } from '../cancelConnect.js'
import { selectAccount } from '../selectAccount.js'
import { selectWallet } from './selectWallet.js'
import { showConnected } from './showConnected.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

/** A logger that keeps its warnings, to see what a flow that never rejects logged. */
const recording = (warnings: unknown[][]) => ({
  debug: () => {},
  warn: (...args: unknown[]) => warnings.push(args),
  error: () => {},
})

describe('selectWallet: the modal connects a browser wallet (SPEC §2 ConnectingExternal)', () => {
  test('shows the connecting view, then Account with address, network and balance', async () => {
    const { portico } = await setup()
    await initialize(portico)
    openModal(portico)
    const pending = selectWallet(portico, { connectorId: 'io.metamask' })
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
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.connection.error).toEqual({
      kind: 'rejected',
      message: { key: 'connectionDeclined' },
    })
    expect(portico.state.router.route.view).toBe('ConnectingExternal')
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 1 }
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.connection.error).toBeUndefined()
    // the retry did not push a second connecting view
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('a wallet that times out gives a timeout error, not a hang', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    handle.nextConnect = new ProviderTimeoutError({ timeoutMs: 240_000 })
    await selectWallet(portico, { connectorId: 'io.metamask' })
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
    const pending = selectWallet(portico, { connectorId: 'io.metamask' })
    goBack(portico)
    answer({ address: ADDRESS, accounts: [ADDRESS], chainId: 1 })
    await pending
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
    const pending = selectWallet(portico, { connectorId: 'io.metamask' })
    cancelConnect(portico)
    fail(rejected())
    await pending
    expect(portico.state.connection.error).toBeUndefined()
  })

  test('a wallet gone since the list was drawn shakes the modal, stays on the view and logs why', async () => {
    const warnings: unknown[][] = []
    const { portico } = await setup({ logger: recording(warnings) })
    await initialize(portico)
    openModal(portico)
    await expect(selectWallet(portico, { connectorId: 'nope' })).resolves.toBeUndefined()
    expect(portico.state.modal.shake).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
    expect(warnings[0]?.[1]).toBeInstanceOf(ConnectorNotFoundError)
  })

  test('a refusal resolves (the view shows it) and is logged through the instance logger', async () => {
    const warnings: unknown[][] = []
    const { portico, handle } = await setup({ logger: recording(warnings) })
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = rejected()
    await expect(selectWallet(portico, { connectorId: 'io.metamask' })).resolves.toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]?.[1]).toBeInstanceOf(UserRejectedRequestError)
    expect(portico.state.alert.current).toBeUndefined()
    expect(portico.state.toast.current).toBeUndefined()
  })

  test('a WalletConnect connector opens the pairing view instead', async () => {
    const { portico } = await setup({}, [
      testConnector('walletConnect', { type: 'WALLET_CONNECT', name: 'WalletConnect' }),
    ])
    await initialize(portico)
    openModal(portico)
    await selectWallet(portico, { connectorId: 'walletConnect' })
    // Without `walletConnect` configured there is nothing to pair with: the modal shakes.
    expect(portico.state.modal.shake).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('connecting on a network the site does not list opens UnsupportedChain', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 56 }
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    expect(portico.state.chains.eip155?.networkState.unsupportedCaipNetworkId).toBe('eip155:56')
  })

  test('allowUnsupportedChain keeps Account for an unlisted network', async () => {
    const { portico, handle } = await setup({ allowUnsupportedChain: true })
    await initialize(portico)
    openModal(portico)
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 56 }
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route.view).toBe('Account')
  })
})

describe('selectWallet: a wallet that shares several accounts and lets the site pick', () => {
  const SECOND = '0x2222222222222222222222222222222222222222'

  async function severalAccounts(options: {
    canSelect: boolean
    accounts?: string[]
    keepOpenAfterConnect?: boolean
  }) {
    const { portico, handle } = await setup(
      options.keepOpenAfterConnect ? { keepOpenAfterConnect: true } : {},
    )
    handle.nextConnect = { address: ADDRESS, accounts: options.accounts ?? [ADDRESS, SECOND], chainId: 1 }
    if (options.canSelect)
      handle.adapter!.selectAccount = async ({ connectorId, address }) => {
        handle.context!.emit({ type: 'accountsChanged', connectorId, accounts: [address, ADDRESS] })
      }
    await initialize(portico)
    openModal(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    return portico
  }

  test('shows the account picker after connecting, the first account active, Account behind it', async () => {
    const portico = await severalAccounts({ canSelect: true })
    expect(portico.state.router.route).toEqual({ view: 'SelectAccount' })
    expect(portico.state.router.history).toEqual([{ view: 'Account' }])
    expect(getAccount(portico)).toMatchObject({ address: ADDRESS, allAccounts: [ADDRESS, SECOND] })
    // Back keeps the first account, and the connection being done, the modal closes.
    goBack(portico)
    expect(portico.state.modal.open).toBe(false)
    expect(getAccount(portico).address).toBe(ADDRESS)
  })

  test('picking an account closes the modal once connected; keepOpenAfterConnect shows Account', async () => {
    const portico = await severalAccounts({ canSelect: true })
    await selectAccount(portico, { address: SECOND })
    goBack(portico)
    expect(portico.state.modal.open).toBe(false)
    expect(getAccount(portico).address).toBe(SECOND)

    const kept = await severalAccounts({ canSelect: true, keepOpenAfterConnect: true })
    expect(kept.state.router.route.view).toBe('SelectAccount')
    goBack(kept)
    expect(kept.state.router.route.view).toBe('Account')
    expect(kept.state.modal.open).toBe(true)
  })

  test('shows Account as before for one account, and for a wallet that picks its account itself', async () => {
    const one = await severalAccounts({ canSelect: true, accounts: [ADDRESS] })
    expect(one.state.router.route.view).toBe('Account')
    const itself = await severalAccounts({ canSelect: false })
    expect(itself.state.router.route.view).toBe('Account')
    expect(itself.state.router.history).toEqual([])
  })

  test('UnsupportedChain comes before the picker', async () => {
    const { portico, handle } = await setup()
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS, SECOND], chainId: 56 }
    handle.adapter!.selectAccount = async () => {}
    await initialize(portico)
    openModal(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
  })
})

describe('showConnected', () => {
  test('a connection that ended on the way (a sign-in check failed at once) leaves the modal as it is', async () => {
    const { portico } = await setup()
    await initialize(portico)
    openModal(portico)
    expect(portico.state.router.route.view).toBe('Connect')
    showConnected(portico, 'eip155')
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Connect')
  })
})
