// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { announceTestWallet } from './announceTestWallet.js'
import { createTestWallet } from './createTestWallet.js'
import { DEV_WALLET_ICON } from './icon.js'
import {
  DEV_WALLET_RDNS,
  type InstalledTestWallets,
  installTestWallets,
  SECOND_DEV_WALLET_RDNS,
} from './installTestWallets.js'

const chains = [{ chainId: 31_337, rpcUrl: 'http://127.0.0.1:1', name: 'Local' }]

type Announcement = { info: { uuid: string; name: string; icon: string; rdns: string }; provider: unknown }
const collect = () => {
  const seen: Announcement[] = []
  const listener = (event: Event) => seen.push((event as CustomEvent<Announcement>).detail)
  window.addEventListener('eip6963:announceProvider', listener)
  return { seen, stop: () => window.removeEventListener('eip6963:announceProvider', listener) }
}

let installed: InstalledTestWallets | undefined
afterEach(() => {
  installed?.uninstall()
  installed = undefined
})

describe('announceTestWallet', () => {
  it('announces a frozen detail now and on every request, until unannounced', () => {
    const wallet = createTestWallet({ privateKeys: [`0x${'1'.repeat(64)}`], chains })
    const { seen, stop } = collect()
    const unannounce = announceTestWallet(wallet, { name: 'W', rdns: 'dev.w', icon: DEV_WALLET_ICON })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    unannounce()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    expect(seen).toHaveLength(2)
    expect(seen[0]!.provider).toBe(wallet)
    expect(Object.isFrozen(seen[0])).toBe(true)
    expect(Object.isFrozen(seen[0]!.info)).toBe(true)
    expect(seen[0]!.info.uuid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
  })
})

describe('installTestWallets', () => {
  it('announces both dev wallets and exposes their switches by rdns', () => {
    const { seen, stop } = collect()
    installed = installTestWallets({ chains, second: true })
    stop()
    expect(seen.map((detail) => [detail.info.name, detail.info.rdns])).toEqual([
      ['Portico Dev Wallet', DEV_WALLET_RDNS],
      ['Second Dev Wallet', SECOND_DEV_WALLET_RDNS],
    ])
    expect(seen[0]!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    const controls = window.__porticoDevWallets!
    expect(controls[DEV_WALLET_RDNS]).toBe(seen[0]!.provider)
    controls[DEV_WALLET_RDNS]!.setMode('reject')
    expect(controls[DEV_WALLET_RDNS]!.getState().mode).toBe('reject')
    expect(controls[SECOND_DEV_WALLET_RDNS]!.getState().mode).toBe('approve')
    expect(window.ethereum).toBeUndefined()
  })

  it('sets window.ethereum for the legacy path and removes everything on uninstall', () => {
    installed = installTestWallets({ chains, legacy: true })
    expect(window.ethereum).toBe(window.__porticoDevWallets![DEV_WALLET_RDNS])
    installed.uninstall()
    installed = undefined
    expect(window.ethereum).toBeUndefined()
    expect(window.__porticoDevWallets).toBeUndefined()
    const { seen, stop } = collect()
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    stop()
    expect(seen).toEqual([])
  })
})

describe('installTestWallets with persist', () => {
  const twoChains = [...chains, { chainId: 31_338, rpcUrl: 'http://127.0.0.1:1', name: 'Two' }]

  it('keeps the connection, account and chain across page loads, as an extension does', async () => {
    const storage = new Map<string, string>()
    const persist = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    }
    installed = installTestWallets({ chains: twoChains, persist })
    const first = installed.wallets[DEV_WALLET_RDNS]!
    await first.request({ method: 'eth_requestAccounts' })
    first.setAccount(2)
    first.setChain(31_338)
    installed.uninstall()

    installed = installTestWallets({ chains: twoChains, persist })
    const again = installed.wallets[DEV_WALLET_RDNS]!
    expect(again.getState()).toMatchObject({ connected: true, accountIndex: 2, chainId: 31_338 })
    expect((await again.request({ method: 'eth_accounts' })) as string[]).toContain(again.getState().address)
    expect(((await again.request({ method: 'eth_accounts' })) as string[])[0]).toBe(again.getState().address)

    again.disconnectFromWallet()
    installed.uninstall()
    installed = installTestWallets({ chains: twoChains, persist })
    expect(installed.wallets[DEV_WALLET_RDNS]!.getState().connected).toBe(false)
  })

  it('keeps a slow method slow across page loads', () => {
    const storage = new Map<string, string>()
    const persist = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    }
    installed = installTestWallets({ chains, persist })
    installed.wallets[DEV_WALLET_RDNS]!.setMethodDelay('eth_accounts', 5_000)
    installed.uninstall()
    installed = installTestWallets({ chains, persist })
    expect(installed.wallets[DEV_WALLET_RDNS]!.getState().methodDelays).toEqual({ eth_accounts: 5_000 })
  })

  it('ignores a malformed saved state', () => {
    const persist = { getItem: () => '{"connected":"yes","accountIndex":99,"chainId":5}', setItem: () => {} }
    installed = installTestWallets({ chains, persist })
    expect(installed.wallets[DEV_WALLET_RDNS]!.getState()).toMatchObject({
      connected: false,
      accountIndex: 0,
      chainId: 31_337,
    })
  })

  it('starts disconnected on every load without persist', () => {
    installed = installTestWallets({ chains })
    expect(installed.wallets[DEV_WALLET_RDNS]!.getState().connected).toBe(false)
  })
})
