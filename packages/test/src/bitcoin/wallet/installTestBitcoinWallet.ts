import {
  createTestBitcoinWallet,
  type TestBitcoinWallet,
  type TestBitcoinWalletOptions,
} from './createTestBitcoinWallet.js'

export interface InstallTestBitcoinWalletConfig extends Omit<TestBitcoinWalletOptions, 'onStateChange'> {
  /**
   * Keep the wallet's authorisation and account across page loads, as an extension does, in this
   * storage (e.g. `localStorage`), so a reconnect after a reload finds the accounts.
   */
  persist?: Pick<Storage, 'getItem' | 'setItem'>
  /** Where the wallet is installed; default `window`. */
  target?: object
}

declare global {
  interface Window {
    /** Control handle of the Bitcoin dev wallet, for people and end-to-end tests. */
    __porticoDevBitcoinWallet?: TestBitcoinWallet
  }
}

const persistKey = (name: string) => `portico-dev-bitcoin-wallet:${name}`

function readPersisted(storage: InstallTestBitcoinWalletConfig['persist'], name: string) {
  try {
    const value: unknown = JSON.parse(storage?.getItem(persistKey(name)) ?? '{}')
    if (typeof value !== 'object' || value === null) return {}
    const { connected, accountIndex } = value as Record<string, unknown>
    return {
      ...(typeof connected === 'boolean' ? { connected } : {}),
      ...(Number.isInteger(accountIndex) && (accountIndex as number) >= 0
        ? { accountIndex: accountIndex as number }
        : {}),
    }
  } catch {
    // A corrupt entry starts the wallet fresh, as a reinstalled extension would.
    return {}
  }
}

/**
 * Puts the sats-connect test wallet in the page's `btc_providers` (WBIP-004), with its control
 * handle on `window.__porticoDevBitcoinWallet`; returns the wallet and its uninstall.
 * @example
 * installTestBitcoinWallet({ name: DEV_WALLET_NAME, persist: window.localStorage })
 */
export function installTestBitcoinWallet(config: InstallTestBitcoinWalletConfig = {}): {
  wallet: TestBitcoinWallet
  uninstall: () => void
} {
  const { persist, target = globalThis.window, ...options } = config
  const name = options.name ?? 'Portico Dev Wallet'
  const wallet = createTestBitcoinWallet({
    ...options,
    ...readPersisted(persist, name),
    onStateChange: ({ connected, accountIndex }) => {
      try {
        persist?.setItem(persistKey(name), JSON.stringify({ connected, accountIndex }))
      } catch {
        // A full or blocked storage only costs the reconnect after a reload.
      }
    },
  })
  const uninstall = wallet.install(target)
  const page = target as Window
  page.__porticoDevBitcoinWallet = wallet
  return {
    wallet,
    uninstall: () => {
      uninstall()
      if (page.__porticoDevBitcoinWallet === wallet) delete page.__porticoDevBitcoinWallet
    },
  }
}
