import { describe, expect, test } from 'vitest'
import { DEFAULT_FEATURES, mergeOrder, resolveFeatures } from './config.js'
import { createPortico } from './createPortico.js'
import { MESSAGES } from './notices/messages.js'
import { testNetwork } from './testing/fakeAdapter.testkit.js'

describe('defaults (SPEC §9)', () => {
  test('features on and off by default', () => {
    const on = Object.entries(DEFAULT_FEATURES)
      .filter(([, value]) => value === true)
      .map(([key]) => key)
    const off = Object.entries(DEFAULT_FEATURES)
      .filter(([, value]) => value === false)
      .map(([key]) => key)
    expect(on.sort()).toEqual(
      [
        'swaps',
        'onramp',
        'receive',
        'send',
        'email',
        'emailShowWallets',
        'history',
        'analytics',
        'allWallets',
      ].sort(),
    )
    expect(off.sort()).toEqual(['legalCheckbox', 'smartSessions', 'collapseWallets'].sort())
  })

  test('orders', () => {
    expect(DEFAULT_FEATURES.connectorTypeOrder).toEqual([
      'walletConnect',
      'recent',
      'injected',
      'featured',
      'custom',
      'external',
      'recommended',
    ])
    expect(DEFAULT_FEATURES.walletFeaturesOrder).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(DEFAULT_FEATURES.connectMethodsOrder).toEqual(['wallet', 'email', 'social'])
  })

  test('a configured order comes first, then the rest of the default order', () => {
    expect(mergeOrder(['external', 'recent', 'external'], ['recent', 'injected', 'external'])).toEqual([
      'external',
      'recent',
      'injected',
    ])
    expect(resolveFeatures({ walletFeaturesOrder: ['send'] }).walletFeaturesOrder).toEqual([
      'send',
      'onramp',
      'swaps',
      'receive',
    ])
  })

  test('theme mode defaults to dark', () => {
    const portico = createPortico({ networks: [testNetwork(1)], ssr: true })
    expect(portico.state.theme.themeMode).toBe('dark')
  })

  test('each account type default per namespace', () => {
    const portico = createPortico({
      networks: [
        testNetwork(1),
        testNetwork('a', 'solana'),
        testNetwork('b', 'polkadot'),
        testNetwork('c', 'bip122'),
      ],
      ssr: true,
    })
    const types = Object.fromEntries(
      Object.entries(portico.state.chains).map(([namespace, chain]) => [
        namespace,
        chain?.accountState.preferredAccountType,
      ]),
    )
    expect(types).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
  })
})

describe('invalid configuration', () => {
  test('no networks', () => {
    expect(() => createPortico({ networks: [] as never })).toThrow('at least one network')
  })
  test('a network listed twice', () => {
    expect(() => createPortico({ networks: [testNetwork(1), testNetwork(1)] })).toThrow('listed twice')
  })
  test('a network whose CAIP-2 id does not match its namespace and id', () => {
    expect(() => createPortico({ networks: [{ ...testNetwork(1), caipNetworkId: 'eip155:10' }] })).toThrow(
      'expected eip155:1',
    )
  })
  test('a native currency with impossible decimals', () => {
    const network = testNetwork(1)
    expect(() =>
      createPortico({
        networks: [{ ...network, nativeCurrency: { ...network.nativeCurrency, decimals: 18.5 } }],
      }),
    ).toThrow('decimals')
  })
  test('a default network outside the list', () => {
    expect(() => createPortico({ networks: [testNetwork(1)], defaultNetwork: testNetwork(2) })).toThrow(
      'not in `networks`',
    )
  })
})

test('no request and no browser global at creation on a server', () => {
  expect(typeof window).toBe('undefined')
  const portico = createPortico({ networks: [testNetwork(1)], apiUrl: 'http://localhost:1', projectId: 'p' })
  expect(portico.state.modal.initialized).toBe(false)
})

test('SPEC §8 texts this package reaches are exact', () => {
  expect(MESSAGES.networkNotFound).toBe('Network Not Found')
  expect(MESSAGES.sendUnsupportedChain).toBe('Unsupported chain')
  expect(MESSAGES.invalidAppConfiguration).toBe('Invalid App Configuration')
})
