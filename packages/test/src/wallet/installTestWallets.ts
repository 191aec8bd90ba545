import type { Hex } from 'viem'
import { ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { announceTestWallet } from './announceTestWallet.js'
import {
  createTestWallet,
  type TestWallet,
  type TestWalletChain,
  type TestWalletMode,
} from './createTestWallet.js'
import { DEV_WALLET_ICON, SECOND_DEV_WALLET_ICON } from './icon.js'

export const DEV_WALLET_RDNS = 'dev.portico.wallet'
export const SECOND_DEV_WALLET_RDNS = 'dev.portico.wallet2'

export interface InstallTestWalletConfig {
  chains: readonly TestWalletChain[]
  initialChainId?: number
  /** Defaults to the anvil accounts. */
  privateKeys?: readonly Hex[]
  mode?: TestWalletMode
  /** Also install "Second Dev Wallet" (`dev.portico.wallet2`). */
  second?: boolean
  /** Also set `window.ethereum` to the first wallet, as a legacy injected wallet would. */
  legacy?: boolean
}

export interface InstalledTestWallets {
  /** The wallets by rdns; the same object as `window.__porticoDevWallets`. */
  wallets: Record<string, TestWallet>
  /** Stops announcing and removes `window.__porticoDevWallets` (and `window.ethereum` if set here). */
  uninstall(): void
}

declare global {
  interface Window {
    /** Control handles of the dev wallets, by rdns, for people and end-to-end tests. */
    __porticoDevWallets?: Record<string, TestWallet>
    ethereum?: unknown
  }
}

/**
 * Creates the dev wallets, announces them with EIP-6963 and exposes their switches on
 * `window.__porticoDevWallets`, keyed by rdns.
 * @example
 * installTestWallets({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545', name: 'Anvil' }], second: true })
 * window.__porticoDevWallets['dev.portico.wallet'].setMode('reject')
 */
export function installTestWallets(config: InstallTestWalletConfig): InstalledTestWallets {
  if (typeof window === 'undefined') throw new Error('installTestWallets runs in a browser (or happy-dom).')
  const base = {
    privateKeys: config.privateKeys ?? ANVIL_PRIVATE_KEYS,
    chains: config.chains,
    ...(config.initialChainId === undefined ? {} : { initialChainId: config.initialChainId }),
    ...(config.mode === undefined ? {} : { mode: config.mode }),
  }
  const infos = [{ name: 'Portico Dev Wallet', rdns: DEV_WALLET_RDNS, icon: DEV_WALLET_ICON }]
  if (config.second)
    infos.push({ name: 'Second Dev Wallet', rdns: SECOND_DEV_WALLET_RDNS, icon: SECOND_DEV_WALLET_ICON })

  const wallets: Record<string, TestWallet> = {}
  const unannounce: Array<() => void> = []
  for (const info of infos) {
    const wallet = createTestWallet(base)
    wallets[info.rdns] = wallet
    unannounce.push(announceTestWallet(wallet, info))
  }
  window.__porticoDevWallets = wallets
  const first = wallets[DEV_WALLET_RDNS]
  if (config.legacy) window.ethereum = first

  return {
    wallets,
    uninstall() {
      for (const stop of unannounce) stop()
      if (window.__porticoDevWallets === wallets) delete window.__porticoDevWallets
      if (config.legacy && window.ethereum === first) delete window.ethereum
    },
  }
}
