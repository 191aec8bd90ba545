import {
  createTestSolanaWallet,
  DEFAULT_SOLANA_DEV_WALLET_NAME,
  type TestSolanaWallet,
  type TestSolanaWalletMode,
  type TestSolanaWalletState,
} from './createTestSolanaWallet.js'
import { registerTestSolanaWallet } from './registerTestSolanaWallet.js'
import type { WalletIcon } from './walletStandard.js'

export interface InstallTestSolanaWalletConfig {
  rpcUrl: string
  /** Default SOLANA_TEST_SEEDS. */
  seeds?: readonly Uint8Array[]
  /** Default 'Portico Solana Dev Wallet'; pass DEV_WALLET_NAME to pair with the EVM dev wallet. */
  name?: string
  icon?: WalletIcon
  chains?: readonly string[]
  mode?: TestSolanaWalletMode
  /**
   * Keep the wallet's authorisation and account across page loads, as an extension does, in this
   * storage (e.g. `localStorage`), so a silent connect after a reload finds the account.
   */
  persist?: Pick<Storage, 'getItem' | 'setItem'>
}

export interface InstalledTestSolanaWallets {
  /** The installed wallet by name; the same entries as on `window.__porticoDevSolanaWallets`. */
  wallets: Record<string, TestSolanaWallet>
  /** Unregisters the wallet from the page and removes it from `window.__porticoDevSolanaWallets`. */
  uninstall(): void
}

declare global {
  interface Window {
    /** Control handles of the Solana dev wallets, by name, for people and end-to-end tests. */
    __porticoDevSolanaWallets?: Record<string, TestSolanaWallet>
  }
}

const persistKey = (name: string) => `portico-dev-solana-wallet:${name}`

function readPersisted(
  storage: InstallTestSolanaWalletConfig['persist'],
  name: string,
): { connected?: boolean; accountIndex?: number } {
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
 * Creates a Solana dev wallet, registers it with the page by the Wallet Standard, and exposes its
 * switches on `window.__porticoDevSolanaWallets[name]`. Resolves once the wallet is registered
 * (key derivation is asynchronous).
 * @example
 * await installTestSolanaWallets({ rpcUrl: 'http://127.0.0.1:8899', name: DEV_WALLET_NAME, persist: localStorage })
 * window.__porticoDevSolanaWallets?.['Portico Dev Wallet']?.setMode('reject')
 */
export async function installTestSolanaWallets(
  config: InstallTestSolanaWalletConfig,
): Promise<InstalledTestSolanaWallets> {
  if (typeof window === 'undefined')
    throw new Error('installTestSolanaWallets runs in a browser (or happy-dom).')
  const name = config.name ?? DEFAULT_SOLANA_DEV_WALLET_NAME
  const saved = readPersisted(config.persist, name)
  const seedCount = config.seeds?.length ?? 10
  const storage = config.persist
  const testWallet = await createTestSolanaWallet({
    rpcUrl: config.rpcUrl,
    name,
    ...(config.seeds === undefined ? {} : { seeds: config.seeds }),
    ...(config.icon === undefined ? {} : { icon: config.icon }),
    ...(config.chains === undefined ? {} : { chains: config.chains }),
    ...(config.mode === undefined ? {} : { mode: config.mode }),
    ...(saved.connected === undefined ? {} : { connected: saved.connected }),
    ...(saved.accountIndex === undefined || saved.accountIndex >= seedCount
      ? {}
      : { accountIndex: saved.accountIndex }),
    ...(storage
      ? {
          onStateChange: ({ connected, accountIndex }: TestSolanaWalletState) =>
            storage.setItem(persistKey(name), JSON.stringify({ connected, accountIndex })),
        }
      : {}),
  })
  const unregister = registerTestSolanaWallet(testWallet.wallet, window)
  const wallets = { [name]: testWallet }
  // Merged, so a second Solana wallet (or a reinstall) does not hide the first one's handle.
  window.__porticoDevSolanaWallets = { ...window.__porticoDevSolanaWallets, ...wallets }
  return {
    wallets,
    uninstall() {
      unregister()
      const installed = window.__porticoDevSolanaWallets
      if (installed?.[name] === testWallet) delete installed[name]
    },
  }
}
