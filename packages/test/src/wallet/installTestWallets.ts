import type { Hex } from 'viem'
import { ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { announceTestWallet } from './announceTestWallet.js'
import {
  createTestWallet,
  type TestWallet,
  type TestWalletChain,
  type TestWalletMode,
} from './createTestWallet.js'
import { DEV_WALLET_ICON, DEV_WALLET_NAME, SECOND_DEV_WALLET_ICON } from './icon.js'

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
  /**
   * Keep each wallet's connection, account and chain across page loads, as an extension does, in
   * this storage (e.g. `localStorage`). Without it every load starts disconnected.
   */
  persist?: Pick<Storage, 'getItem' | 'setItem'>
}

const persistKey = (rdns: string) => `portico-dev-wallet:${rdns}`

interface PersistedWallet {
  connected: boolean
  accountIndex: number
  chainId: number
  /** A slow wallet stays slow across loads, so a test can reload a page whose wallet answers late. */
  methodDelays: Record<string, number>
}

function readPersisted(storage: InstallTestWalletConfig['persist'], rdns: string): Partial<PersistedWallet> {
  try {
    const value: unknown = JSON.parse(storage?.getItem(persistKey(rdns)) ?? '{}')
    if (typeof value !== 'object' || value === null) return {}
    const { connected, accountIndex, chainId, methodDelays } = value as Record<string, unknown>
    const delays =
      typeof methodDelays === 'object' && methodDelays !== null
        ? Object.fromEntries(
            Object.entries(methodDelays).filter(
              (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0,
            ),
          )
        : undefined
    return {
      ...(delays ? { methodDelays: delays } : {}),
      ...(typeof connected === 'boolean' ? { connected } : {}),
      ...(Number.isInteger(accountIndex) ? { accountIndex: accountIndex as number } : {}),
      ...(Number.isInteger(chainId) ? { chainId: chainId as number } : {}),
    }
  } catch {
    return {}
  }
}

/** Saves the wallet's state after every request and every change a person makes in it. */
function persistChanges(
  wallet: TestWallet,
  storage: NonNullable<InstallTestWalletConfig['persist']>,
  rdns: string,
) {
  const save = () => {
    const { connected, accountIndex, chainId, methodDelays } = wallet.getState()
    storage.setItem(
      persistKey(rdns),
      JSON.stringify({ connected, accountIndex, chainId, methodDelays } satisfies PersistedWallet),
    )
  }
  const request = wallet.request.bind(wallet)
  wallet.request = (args) => request(args).finally(save)
  for (const name of [
    'setAccount',
    'setChain',
    'setMethodDelay',
    'disconnectFromWallet',
    'revokeFromWallet',
  ] as const) {
    const change = wallet[name].bind(wallet) as (...values: unknown[]) => void
    ;(wallet as unknown as Record<string, (...values: unknown[]) => void>)[name] = (...values) => {
      change(...values)
      save()
    }
  }
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
  const infos = [{ name: DEV_WALLET_NAME, rdns: DEV_WALLET_RDNS, icon: DEV_WALLET_ICON }]
  if (config.second)
    infos.push({ name: 'Second Dev Wallet', rdns: SECOND_DEV_WALLET_RDNS, icon: SECOND_DEV_WALLET_ICON })

  const wallets: Record<string, TestWallet> = {}
  const unannounce: Array<() => void> = []
  for (const info of infos) {
    const saved = readPersisted(config.persist, info.rdns)
    const known =
      saved.chainId !== undefined && config.chains.some((chain) => chain.chainId === saved.chainId)
    const wallet = createTestWallet({
      ...base,
      ...(saved.connected === undefined ? {} : { connected: saved.connected }),
      ...(saved.accountIndex === undefined || !base.privateKeys[saved.accountIndex]
        ? {}
        : { initialAccountIndex: saved.accountIndex }),
      ...(known ? { initialChainId: saved.chainId } : {}),
      ...(saved.methodDelays ? { methodDelays: saved.methodDelays } : {}),
    })
    if (config.persist) persistChanges(wallet, config.persist, info.rdns)
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
