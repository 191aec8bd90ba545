import {
  createTestBitcoinStandardWallet,
  type TestBitcoinStandardWallet,
} from './createTestBitcoinStandardWallet.js'
import {
  createTestPhantomBitcoinWallet,
  type TestPhantomBitcoinWallet,
} from './createTestPhantomBitcoinWallet.js'
import {
  createTestUnisatWallet,
  type TestUnisatPlacement,
  type TestUnisatWallet,
} from './createTestUnisatWallet.js'

/** Which protocol test wallets go into a page, each on test keys 0..accounts-1. */
export interface InstallTestBitcoinWalletsConfig {
  /** A Wallet Standard wallet under this name (e.g. an EVM dev wallet's, for one multi-chain row). */
  standard?: { name: string; accounts?: number; accountIndex?: number }
  /** Unisat-style wallets, one per placement (UniSat, OKX, Bitget). */
  unisat?: readonly TestUnisatPlacement[]
  /** Phantom's bitcoin provider. */
  phantom?: boolean
  /** Keep each wallet's authorisation and account across page loads, as an extension does. */
  persist?: Pick<Storage, 'getItem' | 'setItem'>
  target?: EventTarget & object
}

export interface TestBitcoinWalletHandles {
  standard?: TestBitcoinStandardWallet
  unisat: Partial<Record<TestUnisatPlacement, TestUnisatWallet>>
  phantom?: TestPhantomBitcoinWallet
}

declare global {
  interface Window {
    /** Control handles of the protocol test wallets, for end-to-end tests. */
    __porticoTestBitcoinWallets?: TestBitcoinWalletHandles
  }
}

type Saved = { connected?: boolean; accountIndex?: number }

function read(storage: InstallTestBitcoinWalletsConfig['persist'], key: string): Saved {
  try {
    const value: unknown = JSON.parse(storage?.getItem(`portico-test-bitcoin:${key}`) ?? '{}')
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

function saver(storage: InstallTestBitcoinWalletsConfig['persist'], key: string) {
  return ({ connected, accountIndex }: { connected: boolean; accountIndex: number }) => {
    try {
      storage?.setItem(`portico-test-bitcoin:${key}`, JSON.stringify({ connected, accountIndex }))
    } catch {
      // A full or blocked storage only costs the reconnect after a reload.
    }
  }
}

/**
 * Puts the Bitcoin protocol test wallets into a page (the Wallet Standard's, Unisat-style ones at
 * their wallets' places, Phantom's) with their handles on `window.__porticoTestBitcoinWallets`.
 * @example
 * installTestBitcoinWallets({ unisat: ['okx'], phantom: true, persist: window.localStorage })
 */
export function installTestBitcoinWallets(config: InstallTestBitcoinWalletsConfig): TestBitcoinWalletHandles {
  const target = config.target ?? (globalThis.window as unknown as EventTarget & object)
  const { persist } = config
  const handles: TestBitcoinWalletHandles = { unisat: {} }
  if (config.standard) {
    const key = `standard:${config.standard.name}`
    handles.standard = createTestBitcoinStandardWallet({
      name: config.standard.name,
      accounts: config.standard.accounts ?? 2,
      accountIndex: config.standard.accountIndex ?? 0,
      ...read(persist, key),
      onStateChange: saver(persist, key),
    })
    handles.standard.register(target)
  }
  for (const placement of config.unisat ?? []) {
    const key = `unisat:${placement}`
    const wallet = createTestUnisatWallet({ ...read(persist, key), onStateChange: saver(persist, key) })
    wallet.install(target, placement)
    handles.unisat[placement] = wallet
  }
  if (config.phantom) {
    handles.phantom = createTestPhantomBitcoinWallet({
      ...read(persist, 'phantom'),
      onStateChange: saver(persist, 'phantom'),
    })
    handles.phantom.install(target)
  }
  ;(target as Window).__porticoTestBitcoinWallets = handles
  return handles
}
