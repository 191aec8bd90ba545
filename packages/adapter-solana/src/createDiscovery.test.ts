import type { Connector } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import {
  createTestSolanaWallet,
  registerTestSolanaWallet,
  type TestSolanaWallet,
  type Wallet,
} from '@portico/test/solana/wallet'
import { afterEach, describe, expect, it } from 'vitest'
import { createDiscovery, type Discovery, getWalletConnectorId, isSafeIconUrl } from './createDiscovery.js'

// Discovery never reaches the chain; the URL is only where the wallet would send.
const RPC_URL = 'http://127.0.0.1:1/'
const ICON = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function startDiscovery(page: EventTarget = new EventTarget()) {
  const { context, warnings } = createTestAdapterContext()
  const reports: (readonly Connector[])[] = []
  const discovery = createDiscovery({
    window: page,
    logger: context.logger,
    onChange: (list) => reports.push(list),
  })
  discovery.start()
  cleanups.push(() => discovery.destroy())
  return { page, discovery, reports, warnings }
}

async function makeWallet(name: string, icon = ICON): Promise<TestSolanaWallet> {
  return createTestSolanaWallet({ rpcUrl: RPC_URL, name, icon: icon as `data:image/${string}` })
}

function register(wallet: Wallet, page: EventTarget) {
  const unregister = registerTestSolanaWallet(wallet, page)
  cleanups.push(unregister)
  return unregister
}

const names = (discovery: Discovery) => discovery.getConnectors().map((connector) => connector.name)

/** The same wallet with some features removed or replaced, as a wallet of another kind would be. */
function variant(wallet: Wallet, changes: { name: string; chains?: string[]; without?: string[] }): Wallet {
  const features = Object.fromEntries(
    Object.entries(wallet.features).filter(([key]) => !changes.without?.includes(key)),
  )
  return {
    version: '1.0.0',
    name: changes.name,
    icon: wallet.icon,
    chains: (changes.chains ?? wallet.chains) as Wallet['chains'],
    features,
    get accounts() {
      return wallet.accounts
    },
  }
}

describe('createDiscovery', () => {
  it('lists a wallet that registers after the app starts, as an installed ANNOUNCED connector', async () => {
    const { page, discovery, reports } = startDiscovery()
    const { wallet } = await makeWallet('Late Wallet')
    register(wallet, page)
    const connector: Connector = {
      id: 'wallet-standard:Late Wallet',
      name: 'Late Wallet',
      type: 'ANNOUNCED',
      namespace: 'solana',
      imageUrl: ICON,
      installed: true,
    }
    expect(discovery.getConnectors()).toEqual([connector])
    expect(reports).toEqual([[connector]])
    expect(discovery.getWallet(getWalletConnectorId('Late Wallet'))).toBe(wallet)
  })

  it('lists a wallet that was there before the app, through the app-ready event', async () => {
    const page = new EventTarget()
    const { wallet } = await makeWallet('Early Wallet')
    register(wallet, page)
    const { discovery } = startDiscovery(page)
    expect(names(discovery)).toEqual(['Early Wallet'])
  })

  it('removes a wallet when it unregisters and reports the shorter list', async () => {
    const { page, discovery, reports } = startDiscovery()
    const first = await makeWallet('First')
    const second = await makeWallet('Second')
    const unregisterFirst = register(first.wallet, page)
    register(second.wallet, page)
    unregisterFirst()
    expect(names(discovery)).toEqual(['Second'])
    expect(reports.map((list) => list.map((connector) => connector.name))).toEqual([
      ['First'],
      ['First', 'Second'],
      ['Second'],
    ])
    expect(discovery.getWallet(getWalletConnectorId('First'))).toBeUndefined()
  })

  it('keeps the first wallet of a name, and shows the second once the first unregisters', async () => {
    const { page, discovery } = startDiscovery()
    const original = await makeWallet('Same Name')
    const copy = await makeWallet('Same Name')
    const unregisterOriginal = register(original.wallet, page)
    register(copy.wallet, page)
    expect(discovery.getConnectors()).toHaveLength(1)
    expect(discovery.getWallet('wallet-standard:Same Name')).toBe(original.wallet)
    unregisterOriginal()
    expect(discovery.getConnectors()).toHaveLength(1)
    expect(discovery.getWallet('wallet-standard:Same Name')).toBe(copy.wallet)
  })

  it('does not report again when the same wallet registers twice', async () => {
    const { page, discovery, reports } = startDiscovery()
    const { wallet } = await makeWallet('Twice')
    register(wallet, page)
    register(wallet, page)
    expect(reports).toHaveLength(1)
    expect(names(discovery)).toEqual(['Twice'])
  })

  it('drops icons that are not image data URIs or https URLs and keeps the wallet', async () => {
    const { page, discovery, warnings } = startDiscovery()
    for (const [name, icon] of [
      ['Script Icon', 'javascript:alert(1)'],
      ['Plain HTTP Icon', 'http://wallet.example/icon.png'],
      ['HTML Data Icon', 'data:text/html,<script>alert(1)</script>'],
      ['HTTPS Icon', 'https://wallet.example/icon.png'],
    ] as const)
      register((await makeWallet(name, icon)).wallet, page)
    expect(discovery.getConnectors().map(({ name, imageUrl }) => ({ name, imageUrl }))).toEqual([
      { name: 'Script Icon', imageUrl: undefined },
      { name: 'Plain HTTP Icon', imageUrl: undefined },
      { name: 'HTML Data Icon', imageUrl: undefined },
      { name: 'HTTPS Icon', imageUrl: 'https://wallet.example/icon.png' },
    ])
    expect(discovery.getConnectors()[0]).not.toHaveProperty('imageUrl')
    expect(warnings.filter((warning) => warning.message.includes('ignored the icon'))).toHaveLength(3)
  })

  it('leaves out wallets without a Solana chain, connect, events or a way to sign', async () => {
    const { page, discovery } = startDiscovery()
    const { wallet } = await makeWallet('Complete')
    register(
      variant(wallet, { name: 'Bitcoin Only', chains: ['bip122:000000000019d6689c085ae165831e93'] }),
      page,
    )
    register(variant(wallet, { name: 'No Connect', without: ['standard:connect'] }), page)
    register(variant(wallet, { name: 'No Events', without: ['standard:events'] }), page)
    register(
      variant(wallet, {
        name: 'No Signing',
        without: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      }),
      page,
    )
    register(
      variant(wallet, {
        name: 'Messages Only',
        without: ['solana:signTransaction', 'solana:signAndSendTransaction'],
      }),
      page,
    )
    register(variant(wallet, { name: 'Transactions Only', without: ['solana:signMessage'] }), page)
    expect(names(discovery)).toEqual(['Messages Only', 'Transactions Only'])
  })

  it('drops a malformed wallet object with a warning', () => {
    const { page, discovery, warnings } = startDiscovery()
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (...wallets: unknown[]) => unknown }) => register({ name: 42 }),
      }),
    )
    page.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: 'not a callback' }))
    expect(discovery.getConnectors()).toEqual([])
    expect(warnings.map((warning) => warning.message)).toEqual([
      'solana: dropped a malformed Wallet Standard wallet',
      'solana: dropped a register-wallet event without a callback',
    ])
  })

  it('hears no wallets after destroy, even through a register function it handed out before', async () => {
    const page = new EventTarget()
    let handedOut: ((...wallets: Wallet[]) => () => void) | undefined
    const { discovery } = startDiscovery(page)
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: (api: { register: (...wallets: Wallet[]) => () => void }) => {
          handedOut = api.register
        },
      }),
    )
    discovery.destroy()
    register((await makeWallet('After Destroy')).wallet, page)
    handedOut?.((await makeWallet('Through Old Register')).wallet)
    expect(handedOut).toBeTypeOf('function')
    expect(discovery.getConnectors()).toEqual([])
  })

  it('waitForWallet resolves once the wallet registers, and undefined after the timeout', async () => {
    const { page, discovery } = startDiscovery()
    const { wallet } = await makeWallet('Slow Wallet')
    const waiting = discovery.waitForWallet('wallet-standard:Slow Wallet', 2_000)
    setTimeout(() => register(wallet, page), 20)
    expect(await waiting).toBe(wallet)
    expect(await discovery.waitForWallet('wallet-standard:Never', 30)).toBeUndefined()
  })
})

describe('isSafeIconUrl', () => {
  it('accepts image data URIs and https URLs only', () => {
    expect(isSafeIconUrl('data:image/png;base64,AAAA')).toBe(true)
    expect(isSafeIconUrl('data:image/svg+xml,<svg/>')).toBe(true)
    expect(isSafeIconUrl('https://wallet.example/icon.svg')).toBe(true)
    expect(isSafeIconUrl('http://wallet.example/icon.svg')).toBe(false)
    expect(isSafeIconUrl('javascript:alert(1)')).toBe(false)
    expect(isSafeIconUrl('data:text/html,<b>')).toBe(false)
    expect(isSafeIconUrl(undefined)).toBe(false)
  })
})
