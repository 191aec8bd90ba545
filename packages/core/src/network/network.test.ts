// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { connect } from '../connection/connect.js'
import { removeAdapter } from '../connection/removeAdapter.js'
import { InvalidChainIdError, ProviderRequestError, UnrecognizedChainError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import { fakeAdapter, rejected, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { getNetwork } from './network.js'
import { removeNetwork } from './removeNetwork.js'
import { switchNetwork } from './switchNetwork.js'

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

  test('a switch made from the Networks view returns to the previous view; a failed one stays', async () => {
    const { portico, handle } = await connected()
    openModal(portico)
    navigate(portico, { view: 'Networks' })
    handle.switchError = rejected()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Networks')
    handle.switchError = undefined
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('only records the choice when not connected', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(handle.calls.some((call) => call.method === 'switchNetwork')).toBe(false)
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:10')
  })

  test("a network not in the list shows 'Network Not Found'", async () => {
    const { portico } = await setup()
    await expect(switchNetwork(portico, { networkId: 'eip155:999' })).rejects.toThrow('Network Not Found')
    expect(portico.state.alert.current?.message).toEqual({ key: 'networkNotFound' })
  })

  test.each([
    [new UnrecognizedChainError(), 4902],
    [new InvalidChainIdError(), 32603],
    [new ProviderRequestError('boom'), 5000],
  ])('a failed switch shows an alert with code %s', async (error, code) => {
    const { portico, handle } = await connected()
    handle.switchError = error
    const result = await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(result.switched).toBe(false)
    expect(portico.state.alert.current?.code).toBe(code)
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:1')
    expect(getNetwork(portico).switchError).toBeTruthy()
  })

  test('a declined switch shows no alert but says it was declined', async () => {
    const { portico, handle } = await connected()
    handle.switchError = rejected()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.alert.current).toBeUndefined()
    expect(getNetwork(portico).switchError).toEqual({ key: 'switchDeclined' })
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

  test('switching back to a listed network from UnsupportedChain shows Account', async () => {
    const { portico, handle } = await connected()
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 137 })
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Account')
    expect(getNetwork(portico).supported).toBe(true)
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
