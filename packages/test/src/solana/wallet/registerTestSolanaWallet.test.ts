import { describe, expect, test } from 'vitest'
import { createTestSolanaWallet } from './createTestSolanaWallet.js'
import { registerTestSolanaWallet } from './registerTestSolanaWallet.js'
import type { Wallet, WalletRegisterCallback, WalletsRegisterApi } from './walletStandard.js'

// No chain is involved here: the protocol only needs the wallet object.
const RPC_URL = 'http://127.0.0.1:1/'

/**
 * The app's half of the protocol, as a Wallet Standard app implements it: it listens for
 * register-wallet events and calls their callback with its register API, and announces itself
 * with app-ready carrying that API.
 */
function startApp(page: EventTarget) {
  const wallets = new Set<Wallet>()
  const api: WalletsRegisterApi = {
    register(...added) {
      for (const wallet of added) wallets.add(wallet)
      return () => {
        for (const wallet of added) wallets.delete(wallet)
      }
    },
  }
  page.addEventListener('wallet-standard:register-wallet', (event) =>
    (event as CustomEvent<WalletRegisterCallback>).detail(api),
  )
  page.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return wallets
}

describe('registerTestSolanaWallet', () => {
  test('an app that starts later receives the wallet by answering its app-ready event', async () => {
    const page = new EventTarget()
    const { wallet } = await createTestSolanaWallet({ rpcUrl: RPC_URL })
    registerTestSolanaWallet(wallet, page)
    expect([...startApp(page)]).toEqual([wallet])
  })

  test('an app already listening receives the wallet from the register-wallet event', async () => {
    const page = new EventTarget()
    const wallets = startApp(page)
    const { wallet } = await createTestSolanaWallet({ rpcUrl: RPC_URL })
    expect(wallets.size).toBe(0)
    registerTestSolanaWallet(wallet, page)
    expect([...wallets]).toEqual([wallet])
  })

  test('the register-wallet event carries a callback as detail and does not bubble or cancel', async () => {
    const page = new EventTarget()
    const seen: Event[] = []
    page.addEventListener('wallet-standard:register-wallet', (event) => seen.push(event))
    registerTestSolanaWallet((await createTestSolanaWallet({ rpcUrl: RPC_URL })).wallet, page)
    expect(seen).toHaveLength(1)
    const event = seen[0] as CustomEvent
    expect(typeof event.detail).toBe('function')
    expect([event.bubbles, event.cancelable]).toEqual([false, false])
  })

  test('app-ready events without a register API are ignored', async () => {
    const page = new EventTarget()
    registerTestSolanaWallet((await createTestSolanaWallet({ rpcUrl: RPC_URL })).wallet, page)
    expect(() =>
      page.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: 'nonsense' })),
    ).not.toThrow()
    expect(() => page.dispatchEvent(new Event('wallet-standard:app-ready'))).not.toThrow()
  })

  test('the returned function unregisters from every app reached and stops answering new ones', async () => {
    const page = new EventTarget()
    const early = startApp(page)
    const { wallet } = await createTestSolanaWallet({ rpcUrl: RPC_URL })
    const unregister = registerTestSolanaWallet(wallet, page)
    const late = startApp(page)
    expect([early.size, late.size]).toEqual([1, 1])
    unregister()
    expect([early.size, late.size]).toEqual([0, 0])
    expect(startApp(page).size).toBe(0)
  })

  test('without a target or a window it says so', async () => {
    const { wallet } = await createTestSolanaWallet({ rpcUrl: RPC_URL })
    expect(() => registerTestSolanaWallet(wallet)).toThrow(
      'registerTestSolanaWallet needs a window (or an EventTarget in its place).',
    )
  })
})
