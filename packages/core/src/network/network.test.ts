// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { connect } from '../connection/connect.js'
import { removeAdapter } from '../connection/removeAdapter.js'
import {
  InvalidChainIdError,
  NetworkNotFoundError,
  ProviderTimeoutError,
  UnrecognizedChainError,
} from '../errors/base.js'
import { initialize } from '../initialize.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import { fakeAdapter, rejected, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { getNetwork } from './network.js'
import { removeNetwork } from './removeNetwork.js'
import { type SwitchNetworkErrorType, switchNetwork } from './switchNetwork.js'

async function connected() {
  const context = await setup()
  await initialize(context.portico)
  await connect(context.portico, { connectorId: 'io.metamask' })
  return context
}

describe('switchNetwork', () => {
  test('asks the connected wallet and makes the network active', async () => {
    const { portico, handle } = await connected()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(handle.calls.find((call) => call.method === 'switchNetwork')?.parameters).toMatchObject({
      connectorId: 'io.metamask',
      network: { caipNetworkId: 'eip155:10' },
    })
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:10')
    expect(portico.state.modal.selectedNetworkId).toBe('eip155:10')
  })

  test('only records the choice when not connected', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(handle.calls.some((call) => call.method === 'switchNetwork')).toBe(false)
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:10')
  })

  test('a refusal in the wallet rejects with UserRejectedRequestError and keeps the network, leaving the modal alone', async () => {
    const { portico, handle } = await connected()
    openModal(portico)
    navigate(portico, { view: 'Networks' })
    handle.switchError = rejected()
    const error = (await switchNetwork(portico, { networkId: 'eip155:10' }).catch(
      (e) => e,
    )) as SwitchNetworkErrorType
    expect(error.name).toBe('UserRejectedRequestError')
    expect(error.code).toBe(4001)
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:1')
    expect(getNetwork(portico).switchError).toEqual({ key: 'switchDeclined' })
    expect(portico.state.connection.pendingNetworkId).toBeUndefined()
    expect(portico.state.router.route.view).toBe('Networks')
    expect(portico.state.alert.current).toBeUndefined()
  })

  test.each([
    [new UnrecognizedChainError(), 'switchNotAdded'],
    [new InvalidChainIdError(), 'switchInvalidChainId'],
    [new ProviderTimeoutError({ timeoutMs: 1000 }), 'switchFailed'],
  ])(
    "a failed switch rejects with the wallet's error (%s) and records its message, without an alert",
    async (failure, key) => {
      const { portico, handle } = await connected()
      handle.switchError = failure
      await expect(switchNetwork(portico, { networkId: 'eip155:10' })).rejects.toBe(failure)
      expect(getNetwork(portico).switchError).toEqual({ key })
      expect(portico.state.alert.current).toBeUndefined()
    },
  )

  test('a network not in the list rejects with NetworkNotFoundError, without an alert', async () => {
    const { portico } = await setup()
    await expect(switchNetwork(portico, { networkId: 'eip155:999' })).rejects.toBeInstanceOf(
      NetworkNotFoundError,
    )
    expect(portico.state.alert.current).toBeUndefined()
  })

  test('a switch resolves the network and does not leave the Networks view', async () => {
    const { portico } = await connected()
    openModal(portico)
    navigate(portico, { view: 'Networks' })
    const { network } = await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(network.caipNetworkId).toBe('eip155:10')
    expect(portico.state.router.route.view).toBe('Networks')
  })

  test('switching to another namespace sets the switching-namespace flag while it runs', async () => {
    const evm = fakeAdapter('eip155')
    const sol = fakeAdapter('solana')
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork('mainnet', 'solana', 'Solana')],
      adapters: [evm.factory, sol.factory],
    })
    await initialize(portico)
    let seen = false
    sol.handle.adapter!.switchNetwork = async () => {
      seen = portico.state.connection.switchingNamespace
    }
    sol.handle.nextConnect = { address: 'So1', accounts: ['So1'], chainId: 'mainnet' }
    await connect(portico, { connectorId: 'io.metamask', namespace: 'solana' })
    await connect(portico, { connectorId: 'io.metamask', namespace: 'eip155' })
    expect(portico.state.modal.activeChain).toBe('eip155')
    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    expect(seen).toBe(true)
    expect(portico.state.connection.switchingNamespace).toBe(false)
    expect(portico.state.modal.activeChain).toBe('solana')
  })
})

describe('network list changes (SPEC §4)', () => {
  test('removing the active network moves to the first remaining network of that namespace', async () => {
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork(10), testNetwork(137)],
    })
    await switchNetwork(portico, { networkId: 'eip155:10' })
    removeNetwork(portico, { networkId: 'eip155:10' })
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:1')
    expect(getNetwork(portico).networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:137'])
  })

  test('removing an inactive network keeps the active one', async () => {
    const { portico } = await setup()
    removeNetwork(portico, { networkId: 'eip155:10' })
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:1')
  })

  test('removing the active adapter switches to the first network of another namespace', async () => {
    const evm = fakeAdapter('eip155')
    // Another wallet on Solana: the same one would connect there too (a multi-chain wallet).
    const sol = fakeAdapter('solana', [testConnector('app.phantom', { name: 'Phantom' })])
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork('mainnet', 'solana', 'Solana'), testNetwork('devnet', 'solana')],
      adapters: [evm.factory, sol.factory],
    })
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    removeAdapter(portico, { namespace: 'eip155' })
    expect(portico.state.modal.activeChain).toBe('solana')
    expect(portico.state.modal.selectedNetworkId).toBe('solana:mainnet')
    expect(portico.state.connection.status).toBe('disconnected')
    expect(evm.handle.calls.some((call) => call.method === 'destroy')).toBe(true)
  })

  test('openModal after removing the active adapter offers the remaining namespace', async () => {
    const evm = fakeAdapter('eip155')
    const sol = fakeAdapter('solana')
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork('mainnet', 'solana', 'Solana')],
      adapters: [evm.factory, sol.factory],
    })
    removeAdapter(portico, { namespace: 'eip155' })
    openModal(portico)
    expect(portico.state.router.route.view).toBe('Connect')
  })
})
