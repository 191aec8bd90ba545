// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { initialize } from '../initialize.js'
import { getCustomWallets } from '../registry/customWallets.js'
import { setup, testConnector } from '../testing/fakeAdapter.testkit.js'
import type { RegistryWallet } from '../walletConnect/types.js'
import { connect } from './connect.js'
import { getConnectorList, getWalletList, searchConnectors, type WalletListItem } from './connectors.js'

const wallets = () => [
  testConnector('io.metamask', { name: 'MetaMask' }),
  testConnector('io.rabby', { name: 'Rabby' }),
  testConnector('app.phantom', { name: 'Phantom' }),
]
const ids = (list: readonly WalletListItem[]) =>
  list.map((item) => ('wallet' in item ? item.wallet.id : item.connector.id))

describe('connector visibility (SPEC §5)', () => {
  test("the injected 'Browser Wallet' is hidden on desktop", async () => {
    const { portico } = await setup({}, [
      testConnector('injected', { name: 'Browser Wallet', type: 'INJECTED', rdns: undefined as never }),
    ])
    await initialize(portico)
    expect(getConnectorList(portico)).toEqual([])
  })

  test("the injected 'Browser Wallet' is shown on mobile", async () => {
    const { portico } = await setup({ isMobile: () => true }, [
      testConnector('injected', { name: 'Browser Wallet', type: 'INJECTED' }),
    ])
    await initialize(portico)
    expect(ids(getConnectorList(portico))).toEqual(['injected'])
  })

  test('injected wallets that are not installed are hidden', async () => {
    const { portico } = await setup({}, [testConnector('a', { installed: false }), testConnector('b')])
    await initialize(portico)
    expect(ids(getConnectorList(portico))).toEqual(['b'])
  })

  test('wallets whose reverse-domain id is excluded are hidden', async () => {
    const { portico } = await setup({ excludeWalletIds: ['io.rabby'] }, wallets())
    await initialize(portico)
    expect(ids(getConnectorList(portico))).toEqual(['io.metamask', 'app.phantom'])
  })
})

describe('connector order (SPEC §4, §9)', () => {
  test('installed wallets keep discovery order, featured ids first', async () => {
    const { portico } = await setup({ featuredWalletIds: ['app.phantom'] }, wallets())
    await initialize(portico)
    expect(ids(getConnectorList(portico))).toEqual(['app.phantom', 'io.metamask', 'io.rabby'])
  })

  test('recent wallets come before injected ones by default', async () => {
    const { portico } = await setup({}, wallets())
    await initialize(portico)
    await connect(portico, { connectorId: 'io.rabby' })
    const list = getConnectorList(portico)
    expect(ids(list)).toEqual(['io.rabby', 'io.metamask', 'app.phantom'])
    expect(list[0]?.section).toBe('recent')
  })

  test('the configured section order applies first, then the default order', async () => {
    const { portico } = await setup({ features: { connectorTypeOrder: ['injected'] } }, [
      ...wallets(),
      testConnector('ext', { type: 'EXTERNAL', name: 'External' }),
    ])
    await initialize(portico)
    await connect(portico, { connectorId: 'io.rabby' })
    const list = getConnectorList(portico)
    expect(list.map((item) => item.section)).toEqual(['injected', 'injected', 'recent', 'external'])
  })

  test('at most 2 recent wallets are kept, newest first, and stored', async () => {
    const { portico } = await setup({}, wallets())
    await initialize(portico)
    for (const id of ['io.metamask', 'io.rabby', 'app.phantom']) await connect(portico, { connectorId: id })
    expect(portico.state.connectors.recent.map((wallet) => wallet.id)).toEqual(['app.phantom', 'io.rabby'])
    expect(portico.internal.storage.get('recentWallets')?.map((wallet) => wallet.id)).toEqual([
      'app.phantom',
      'io.rabby',
    ])
  })

  test('search matches names case-insensitively', async () => {
    const { portico } = await setup({}, wallets())
    await initialize(portico)
    expect(ids(searchConnectors(portico, { query: 'RAB' }))).toEqual(['io.rabby'])
    expect(searchConnectors(portico, { query: 'zzz' })).toEqual([])
    expect(ids(searchConnectors(portico, { query: '  ' }))).toHaveLength(3)
  })

  test('a read keeps its identity while nothing changes', async () => {
    const { portico } = await setup({}, wallets())
    await initialize(portico)
    expect(getConnectorList(portico)).toBe(getConnectorList(portico))
  })
})

describe('the embedded wallet in the wallet list', () => {
  test('is never a wallet row, not even as a recent wallet after an e-mail login', async () => {
    const { portico } = await setup({}, [
      ...wallets(),
      testConnector('portico.embedded', { name: 'E-mail wallet', type: 'AUTH' }),
    ])
    await initialize(portico)
    expect(ids(getConnectorList(portico))).not.toContain('portico.embedded')
    await connect(portico, { connectorId: 'portico.embedded' })
    expect(portico.state.connectors.recent.map((wallet) => wallet.id)).toContain('portico.embedded')
    expect(ids(getConnectorList(portico))).not.toContain('portico.embedded')
  })
})

const registry: readonly RegistryWallet[] = [
  { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask', namespaces: ['eip155'] },
  { id: 'me.rainbow', name: 'Rainbow', rdns: 'me.rainbow', namespaces: ['eip155'] },
  { id: 'com.trustwallet.app', name: 'Trust Wallet', namespaces: ['eip155', 'solana'] },
  { id: 'app.solonly', name: 'Solana Only', namespaces: ['solana'] },
  { id: 'com.ledger', name: 'Ledger Live', namespaces: ['eip155'] },
]

describe('registry wallets in AllWallets (SPEC §2, §9)', () => {
  test('come after the installed wallets, without the ones already installed', async () => {
    const { portico } = await setup({ walletRegistry: registry }, wallets())
    await initialize(portico)
    expect(ids(getWalletList(portico))).toEqual([
      'io.metamask',
      'io.rabby',
      'app.phantom',
      'me.rainbow',
      'com.trustwallet.app',
      'com.ledger',
    ])
    const rainbow = getWalletList(portico).find((item) => 'wallet' in item && item.wallet.id === 'me.rainbow')
    expect(rainbow).toEqual({ wallet: registry[1], section: 'registry' })
  })

  test('an installed wallet announced under its rdns hides the registry entry with that rdns', async () => {
    const { portico } = await setup({ walletRegistry: registry }, [
      testConnector('rainbow-extension', { name: 'Rainbow', rdns: 'me.rainbow' }),
    ])
    await initialize(portico)
    expect(ids(getWalletList(portico)).filter((id) => id.includes('rainbow'))).toEqual(['rainbow-extension'])
  })

  test('wallets of namespaces the site does not use are left out, and a namespace filter applies', async () => {
    const { portico } = await setup({ walletRegistry: registry }, [])
    await initialize(portico)
    expect(ids(getWalletList(portico))).not.toContain('app.solonly')
    expect(ids(getWalletList(portico, { namespace: 'solana' }))).toEqual([
      'com.trustwallet.app',
      'app.solonly',
    ])
  })

  test('recent and installed wallets first, then featured registry wallets, then the rest', async () => {
    const { portico } = await setup(
      { walletRegistry: registry, featuredWalletIds: ['com.ledger'] },
      wallets(),
    )
    await initialize(portico)
    await connect(portico, { connectorId: 'io.rabby' })
    const list = getWalletList(portico)
    expect(ids(list)).toEqual([
      'io.rabby',
      'io.metamask',
      'app.phantom',
      'com.ledger',
      'me.rainbow',
      'com.trustwallet.app',
    ])
    expect(list.map((item) => item.section)).toEqual([
      'recent',
      'injected',
      'injected',
      'featured',
      'registry',
      'registry',
    ])
  })

  test('excluded ids are left out of the registry too', async () => {
    const { portico } = await setup({ walletRegistry: registry, excludeWalletIds: ['me.rainbow'] }, [])
    await initialize(portico)
    expect(ids(getWalletList(portico))).toEqual(['io.metamask', 'com.trustwallet.app', 'com.ledger'])
  })

  test('search covers installed and registry wallets by name', async () => {
    const { portico } = await setup({ walletRegistry: registry }, wallets())
    await initialize(portico)
    expect(ids(searchConnectors(portico, { query: 'ledger' }))).toEqual(['com.ledger'])
    expect(ids(searchConnectors(portico, { query: 'a' }))).toEqual([
      'io.metamask',
      'io.rabby',
      'app.phantom',
      'me.rainbow',
      'com.trustwallet.app',
    ])
  })

  test('without a configured registry, or with allWallets off, only connectors are listed', async () => {
    const none = await setup({}, wallets())
    await initialize(none.portico)
    expect(ids(getWalletList(none.portico))).toEqual(['io.metamask', 'io.rabby', 'app.phantom'])
    const off = await setup({ walletRegistry: registry, features: { allWallets: false } }, wallets())
    await initialize(off.portico)
    expect(ids(getWalletList(off.portico))).toEqual(['io.metamask', 'io.rabby', 'app.phantom'])
  })

  test('the list keeps its identity while nothing changes', async () => {
    const { portico } = await setup({ walletRegistry: registry }, wallets())
    await initialize(portico)
    expect(getWalletList(portico)).toBe(getWalletList(portico))
  })
})

const customWallet: RegistryWallet = {
  id: 'com.example.wallet',
  name: 'Example Wallet',
  namespaces: ['eip155'],
  mobile: { universal: 'https://wallet.example.com' },
  install: { ios: 'https://apps.apple.com/app/example/id1', android: 'javascript:alert(1)' },
}

describe('custom wallets and external connectors (the custom and external sections)', () => {
  test('custom wallets sit in the custom section, between featured and external by default', async () => {
    const { portico } = await setup({ walletRegistry: registry, customWallets: [customWallet] }, [
      ...wallets(),
      testConnector('com.example.hardware', { type: 'EXTERNAL', name: 'Hardware', rdns: undefined as never }),
    ])
    await initialize(portico)
    const list = getWalletList(portico)
    expect(ids(list).slice(0, 5)).toEqual([
      'io.metamask',
      'io.rabby',
      'app.phantom',
      'com.example.wallet',
      'com.example.hardware',
    ])
    expect(list.slice(3, 5).map((item) => item.section)).toEqual(['custom', 'external'])
    // The unsafe install link is dropped, the https one kept, where the wallet's links are used.
    expect(getCustomWallets(portico)[0]?.install).toEqual({ ios: 'https://apps.apple.com/app/example/id1' })
  })

  test('connectorTypeOrder puts external and custom first when the site asks for it', async () => {
    const { portico } = await setup(
      { customWallets: [customWallet], features: { connectorTypeOrder: ['external', 'custom'] } },
      [...wallets(), testConnector('hw', { type: 'EXTERNAL', name: 'Hardware', rdns: undefined as never })],
    )
    await initialize(portico)
    expect(getWalletList(portico).map((item) => item.section)).toEqual([
      'external',
      'custom',
      'injected',
      'injected',
      'injected',
    ])
    expect(getConnectorList(portico).map((item) => item.section)).toEqual([
      'external',
      'injected',
      'injected',
      'injected',
    ])
  })

  test('custom wallets are listed with allWallets off, but not when an adapter already offers them', async () => {
    const { portico } = await setup(
      {
        customWallets: [customWallet, { ...customWallet, id: 'io.rabby', name: 'Rabby copy' }],
        features: { allWallets: false },
      },
      wallets(),
    )
    await initialize(portico)
    expect(ids(getWalletList(portico))).toEqual([
      'io.metamask',
      'io.rabby',
      'app.phantom',
      'com.example.wallet',
    ])
  })

  test('a custom wallet without a name, listed twice or with an unsafe picture is cleaned up', async () => {
    const warnings: unknown[] = []
    const { portico } = await setup({
      logger: { debug: () => {}, warn: (message) => warnings.push(message), error: () => {} },
      customWallets: [
        { ...customWallet, imageUrl: 'javascript:alert(1)', homepage: 'http://example.com' },
        { ...customWallet, name: 'Second' },
        { id: 'x', name: '  ', namespaces: ['eip155'] },
      ],
    })
    expect(getCustomWallets(portico)).toEqual([
      {
        id: 'com.example.wallet',
        name: 'Example Wallet',
        namespaces: ['eip155'],
        mobile: { universal: 'https://wallet.example.com' },
        install: { ios: 'https://apps.apple.com/app/example/id1' },
      },
    ])
    expect(warnings).toHaveLength(2)
  })
})
