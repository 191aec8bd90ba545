// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { initialize } from '../initialize.js'
import { openModal } from '../modal/openModal.js'
import { fakeAdapter, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { connect } from './connect.js'
import { disconnect } from './disconnect.js'

function twoNamespaces(type: 'ANNOUNCED' | 'AUTH') {
  const evm = fakeAdapter('eip155', [testConnector('shared', { type })])
  const sol = fakeAdapter('solana', [testConnector('shared', { type, namespace: 'solana' })])
  sol.handle.nextConnect = { address: 'So1', accounts: ['So1'], chainId: 'mainnet' }
  return { evm, sol, networks: [testNetwork(1), testNetwork('mainnet', 'solana')] as const }
}

describe('disconnect (SPEC §4)', () => {
  test('clears the account, storage and closes the modal', async () => {
    const { portico, handle } = await setup()
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    openModal(portico)
    const result = await disconnect(portico)
    expect(result.failures).toEqual([])
    expect(handle.calls.some((call) => call.method === 'disconnect')).toBe(true)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.chains.eip155?.accountState.address).toBeUndefined()
    expect(portico.internal.storage.get('connections')).toBeUndefined()
    expect(portico.state.modal.open).toBe(false)
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('per-chain failures are collected, logged, and the others still disconnect', async () => {
    const { evm, sol, networks } = twoNamespaces('ANNOUNCED')
    const errors: unknown[] = []
    const { portico } = await setup({
      networks,
      adapters: [evm.factory, sol.factory],
      logger: { debug: () => {}, warn: () => {}, error: (_m, details) => errors.push(details) },
    })
    await initialize(portico)
    await connect(portico, { connectorId: 'shared', namespace: 'eip155' })
    await connect(portico, { connectorId: 'shared', namespace: 'solana' })
    evm.handle.disconnectError = new Error('wallet gone')
    const result = await disconnect(portico)
    expect(result.failures.map((failure) => failure.namespace)).toEqual(['eip155'])
    expect(errors).toHaveLength(1)
    expect(sol.handle.calls.some((call) => call.method === 'disconnect')).toBe(true)
    expect(portico.state.connection.status).toBe('disconnected')
  })

  test('disconnecting one chain of an AUTH connector disconnects the other chains on it', async () => {
    const { evm, sol, networks } = twoNamespaces('AUTH')
    const { portico } = await setup({ networks, adapters: [evm.factory, sol.factory] })
    await initialize(portico)
    await connect(portico, { connectorId: 'shared', namespace: 'eip155' })
    await connect(portico, { connectorId: 'shared', namespace: 'solana' })
    await disconnect(portico, { namespace: 'solana' })
    expect(evm.handle.calls.some((call) => call.method === 'disconnect')).toBe(true)
    expect(portico.state.chains.eip155?.accountState.status).toBe('disconnected')
  })

  test('disconnecting one chain of an injected wallet keeps the other chain', async () => {
    const { evm, sol, networks } = twoNamespaces('ANNOUNCED')
    const { portico } = await setup({ networks, adapters: [evm.factory, sol.factory] })
    await initialize(portico)
    await connect(portico, { connectorId: 'shared', namespace: 'eip155' })
    await connect(portico, { connectorId: 'shared', namespace: 'solana' })
    await disconnect(portico, { namespace: 'solana' })
    expect(evm.handle.calls.some((call) => call.method === 'disconnect')).toBe(false)
    expect(portico.state.connection.status).toBe('connected')
  })
})
