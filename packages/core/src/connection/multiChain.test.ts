// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import type { Connector } from '../adapterKit/contract.js'
import type { PorticoConfig } from '../config.js'
import { initialize } from '../initialize.js'
import { openModal } from '../modal/openModal.js'
import { switchNetwork } from '../network/switchNetwork.js'
import { getSiwx } from '../siwx/siwx.js'
import { fakeAdapter, flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import { connect } from './connect.js'
import { getConnectorList } from './connectors.js'
import { selectWallet } from './modal/selectWallet.js'

const SOL_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const EVM_ADDRESS = '0x1111111111111111111111111111111111111111'

/** A Wallet Standard wallet's connector: no reverse-domain id. */
const walletStandard = (name: string): Connector => ({
  id: `wallet-standard:${name}`,
  name,
  type: 'ANNOUNCED',
  namespace: 'solana',
  installed: true,
})

/** A site on EVM and Solana where 'Dual Wallet' is installed in both namespaces, and each has one more. */
async function twoNamespaces(overrides: Partial<PorticoConfig> = {}) {
  const evm = fakeAdapter('eip155', [
    testConnector('dev.dual', { name: 'Dual Wallet', imageUrl: 'data:image/svg+xml,evm' }),
    testConnector('io.metamask', { name: 'MetaMask' }),
  ])
  const sol = fakeAdapter('solana', [walletStandard('Dual Wallet'), walletStandard('Phantom')])
  sol.handle.nextConnect = { address: SOL_ADDRESS, accounts: [SOL_ADDRESS], chainId: 'mainnet' }
  const { portico, storage } = await setup({
    networks: [testNetwork(1, 'eip155', 'Ethereum'), testNetwork('mainnet', 'solana', 'Solana')],
    adapters: [evm.factory, sol.factory],
    ...overrides,
  })
  if (!overrides.storage) await initialize(portico)
  // A reload's instance starts once the test has said what the wallets answer.
  return { portico, evm, sol, storage, start: () => initialize(portico) }
}

describe('multi-chain wallets (SPEC §3 MULTI_CHAIN)', () => {
  test('a wallet installed in two namespaces is listed once, as MULTI_CHAIN, standing for the active namespace', async () => {
    const { portico } = await twoNamespaces()
    const list = getConnectorList(portico)
    expect(list.map((item) => item.connector.name)).toEqual(['Dual Wallet', 'MetaMask', 'Phantom'])
    expect(list[0]).toMatchObject({
      connector: { id: 'dev.dual', type: 'MULTI_CHAIN', namespace: 'eip155', rdns: 'dev.dual' },
      namespaces: ['eip155', 'solana'],
    })
    expect(list[1]?.namespaces).toEqual(['eip155'])

    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    const onSolana = getConnectorList(portico)
    expect(onSolana[0]?.connector).toMatchObject({
      id: 'wallet-standard:Dual Wallet',
      namespace: 'solana',
      // The picture and reverse-domain id come from whichever member has them.
      imageUrl: 'data:image/svg+xml,evm',
      rdns: 'dev.dual',
    })
    // Filtered to one namespace, nothing is merged.
    expect(getConnectorList(portico, { namespace: 'solana' }).map((item) => item.connector.type)).toEqual([
      'ANNOUNCED',
      'ANNOUNCED',
    ])
  })

  test('connecting it connects both namespaces; the picked one stays active, and switching shows each account', async () => {
    const { portico, evm, sol } = await twoNamespaces()
    openModal(portico)
    await expect(connect(portico, { connectorId: 'dev.dual', namespace: 'eip155' })).resolves.toMatchObject({
      connectorId: 'dev.dual',
      namespace: 'eip155',
    })
    await portico.internal.siblingConnection
    const { chains, modal } = portico.state
    expect(modal.activeChain).toBe('eip155')
    expect(modal.selectedNetworkId).toBe('eip155:1')
    expect(chains.eip155?.accountState.caipAddress).toBe(`eip155:1:${EVM_ADDRESS}`)
    expect(chains.solana?.accountState.caipAddress).toBe(`solana:mainnet:${SOL_ADDRESS}`)
    expect(chains.solana?.connectorId).toBe('wallet-standard:Dual Wallet')
    expect(sol.handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)
    expect(evm.handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)

    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    expect(modal.activeChain).toBe('solana')
    expect(chains.solana?.accountState.caipAddress).toBe(`solana:mainnet:${SOL_ADDRESS}`)
    await switchNetwork(portico, { networkId: 'eip155:1' })
    expect(modal.activeChain).toBe('eip155')
    expect(chains.eip155?.accountState.caipAddress).toBe(`eip155:1:${EVM_ADDRESS}`)
  })

  test('a refusal in the other namespace leaves it out and keeps the picked one', async () => {
    const { portico, sol } = await twoNamespaces()
    sol.handle.nextConnect = new Error('the wallet has no Solana account')
    await selectWallet(portico, { connectorId: 'dev.dual', namespace: 'eip155' })
    await portico.internal.siblingConnection
    await flush()
    expect(portico.state.chains.eip155?.accountState.status).toBe('connected')
    expect(portico.state.chains.solana?.accountState.status).toBe('disconnected')
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('a single-namespace wallet connects only its namespace', async () => {
    const { portico, sol } = await twoNamespaces()
    await connect(portico, { connectorId: 'io.metamask', namespace: 'eip155' })
    await portico.internal.siblingConnection
    expect(sol.handle.calls.some((call) => call.method === 'connect')).toBe(false)
  })
})

describe('multi-chain wallets after a reload', () => {
  test('only the namespace that was active becomes active again, so sign-in checks that account alone', async () => {
    const site = siteSiwx()
    const first = await twoNamespaces({ siwx: site.config })
    await connect(first.portico, { connectorId: 'dev.dual', namespace: 'eip155' })
    await first.portico.internal.siblingConnection
    await flush()
    // Signed in on EVM only (the site's storage keeps the session).
    await site.config.addSession({
      data: {
        domain: 'shop.example',
        accountAddress: EVM_ADDRESS,
        uri: 'https://shop.example/',
        version: '1',
        chainId: 'eip155:1',
        nonce: 'abcdefgh1',
        issuedAt: '2026-11-24T10:00:00.000Z',
      },
      message: 'signed',
      signature: '0x12',
    })

    const reloaded = await twoNamespaces({ siwx: site.config, storage: first.storage })
    reloaded.evm.handle.nextReconnect = { address: EVM_ADDRESS, accounts: [EVM_ADDRESS], chainId: 1 }
    reloaded.sol.handle.nextReconnect = { address: SOL_ADDRESS, accounts: [SOL_ADDRESS], chainId: 'mainnet' }
    await reloaded.start()
    await flush()
    await flush()
    const { chains, modal, router } = reloaded.portico.state
    expect(chains.solana?.accountState.status).toBe('connected')
    expect(modal.activeChain).toBe('eip155')
    expect(getSiwx(reloaded.portico).status).toBe('signedIn')
    expect(router.route.view).not.toBe('SIWXSignMessage')
    // The Solana account was never checked: it was never the active one.
    expect(site.called('getSessions').map((call) => call.args[0])).not.toContain('solana:mainnet')
  })
})
