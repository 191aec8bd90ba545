// @vitest-environment happy-dom

import { createTestAdapterContext } from '@portico/test'
import { announceTestWallet, createTestWallet, DEV_WALLET_ICON, type TestWallet } from '@portico/test/wallet'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { evm } from './evm.js'

const chains = [{ chainId: 31_337, rpcUrl: 'http://127.0.0.1:1', name: 'Local' }]
const newWallet = () => createTestWallet({ privateKeys: [`0x${'1'.repeat(64)}`], chains })
const cleanups: Array<() => void> = []
const announce = (provider: unknown, info: { name: string; rdns: string; icon: string; uuid?: string }) => {
  cleanups.push(announceTestWallet(provider, info))
}

let walletA: TestWallet
let walletB: TestWallet
beforeEach(() => {
  walletA = newWallet()
  walletB = newWallet()
})
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
  delete window.ethereum
})

const startAdapter = (options: Parameters<typeof evm>[0] = {}) => {
  const test = createTestAdapterContext()
  const adapter = evm(options)(test.context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { adapter, ...test }
}

describe('wallet discovery', () => {
  it('lists wallets announced before and after start, and emits each change', () => {
    announce(walletA, { name: 'Wallet A', rdns: 'com.a', icon: DEV_WALLET_ICON })
    const { adapter, events } = startAdapter()
    expect(adapter.getConnectors()).toEqual([
      {
        id: 'com.a',
        name: 'Wallet A',
        type: 'ANNOUNCED',
        namespace: 'eip155',
        rdns: 'com.a',
        installed: true,
        imageUrl: DEV_WALLET_ICON,
      },
    ])
    announce(walletB, { name: 'Wallet B', rdns: 'com.b', icon: 'https://b.example/icon.png' })
    expect(adapter.getConnectors().map((connector) => connector.id)).toEqual(['com.a', 'com.b'])
    expect(events.at(-1)).toEqual({ type: 'connectors', connectors: adapter.getConnectors() })
    expect(events).toHaveLength(2)
  })

  it('keeps one connector per rdns, the latest announcement winning', () => {
    const { adapter } = startAdapter()
    announce(walletA, { name: 'Old name', rdns: 'com.a', icon: DEV_WALLET_ICON })
    announce(walletB, { name: 'New name', rdns: 'com.a', icon: DEV_WALLET_ICON })
    expect(adapter.getConnectors()).toHaveLength(1)
    expect(adapter.getConnectors()[0]?.name).toBe('New name')
  })

  it('does not emit again when the same wallet answers another requestProvider', () => {
    const { events } = startAdapter()
    announce(walletA, { name: 'A', rdns: 'com.a', icon: DEV_WALLET_ICON })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(events).toHaveLength(1)
  })

  it.each([
    [
      'an empty rdns',
      { info: { uuid: 'u', name: 'X', rdns: '', icon: DEV_WALLET_ICON }, provider: newWallet() },
    ],
    ['a missing name', { info: { uuid: 'u', rdns: 'com.x', icon: DEV_WALLET_ICON }, provider: newWallet() }],
    [
      'a provider without request',
      { info: { uuid: 'u', name: 'X', rdns: 'com.x', icon: DEV_WALLET_ICON }, provider: {} },
    ],
    ['a missing uuid', { info: { name: 'X', rdns: 'com.x', icon: DEV_WALLET_ICON }, provider: newWallet() }],
    ['an info that is not an object', { info: 'com.x', provider: newWallet() }],
    ['a name that is not a string', { info: { uuid: 'u', name: 7, rdns: 'com.x' }, provider: newWallet() }],
    ['no detail', undefined],
  ])('drops an announcement with %s and logs it', (_, detail) => {
    const { adapter, events, warnings } = startAdapter()
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    expect(adapter.getConnectors()).toEqual([])
    expect(events).toEqual([])
    expect(warnings[0]?.message).toMatch(/malformed EIP-6963/)
  })

  it('reads each field of an announcement once, so a getter cannot pass the check with one name and show another', () => {
    const { adapter } = startAdapter()
    const names = ['Checked name', '']
    const info = {
      uuid: 'u',
      rdns: 'com.getter',
      get name() {
        return names.shift() ?? ''
      },
    }
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info, provider: walletA } }))
    expect(adapter.getConnectors().map((connector) => connector.name)).toEqual(['Checked name'])
  })

  it.each([
    'javascript:alert(1)',
    'http://insecure.example/icon.png',
    'data:text/html,<script>alert(1)</script>',
    'data:image/bmp;base64,AAAA',
  ])('keeps the wallet but drops the icon %s', (icon) => {
    const { adapter } = startAdapter()
    announce(walletA, { name: 'A', rdns: 'com.a', icon })
    expect(adapter.getConnectors()).toHaveLength(1)
    expect(adapter.getConnectors()[0]).not.toHaveProperty('imageUrl')
  })

  it("offers window.ethereum as 'Browser Wallet' unless an announced wallet is the same object", () => {
    window.ethereum = walletB
    announce(walletA, { name: 'A', rdns: 'com.a', icon: DEV_WALLET_ICON })
    const { adapter } = startAdapter()
    expect(adapter.getConnectors().map(({ id, name, type }) => ({ id, name, type }))).toEqual([
      { id: 'com.a', name: 'A', type: 'ANNOUNCED' },
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED' },
    ])
    announce(walletB, { name: 'B', rdns: 'com.b', icon: DEV_WALLET_ICON })
    expect(adapter.getConnectors().map(({ id }) => id)).toEqual(['com.a', 'com.b'])
  })

  it('leaves window.ethereum out when legacyInjected is false', () => {
    window.ethereum = walletB
    const { adapter } = startAdapter({ legacyInjected: false })
    expect(adapter.getConnectors()).toEqual([])
  })

  it('does nothing outside a browser', () => {
    announce(walletA, { name: 'A', rdns: 'com.a', icon: DEV_WALLET_ICON })
    const { context, events } = createTestAdapterContext([], false)
    const adapter = evm()(context)
    adapter.start()
    expect(adapter.getConnectors()).toEqual([])
    expect(events).toEqual([])
  })

  it('stops listening after destroy', () => {
    const { adapter, events } = startAdapter()
    adapter.destroy()
    announce(walletA, { name: 'A', rdns: 'com.a', icon: DEV_WALLET_ICON })
    expect(adapter.getConnectors()).toEqual([])
    expect(events).toEqual([])
  })
})
