import {
  createTestPolkadotExtension,
  POLKADOT_DEV_WALLET,
  TEST_POLKADOT_EXTENSION_VERSION,
  type TestPolkadotExtension,
  type TestPolkadotExtensionOptions,
  type TestPolkadotExtensionState,
} from './createTestPolkadotExtension.js'
import type { InjectedWindow, InjectedWindowProvider } from './injectedWeb3.js'

export interface InstallTestPolkadotExtensionConfig
  extends Omit<TestPolkadotExtensionOptions, 'authorized' | 'onStateChange'> {
  /** The `injectedWeb3` key; default 'portico-dev-wallet'. */
  key?: string
  /**
   * Keep the site's authorisation and exposed accounts across page loads, as an extension does,
   * in this storage (e.g. `localStorage`), so a reconnect after a reload finds the accounts.
   */
  persist?: Pick<Storage, 'getItem' | 'setItem'>
}

export interface InstalledTestPolkadotExtension {
  key: string
  /** Resolves with the extension's switches once its keys are derived. */
  extension: Promise<TestPolkadotExtension>
  /** Removes the entry from `window.injectedWeb3` and the handle from `window.__porticoDevPolkadotWallets`. */
  uninstall(): void
}

/** Where pages and end-to-end tests find the extensions' switches, by `injectedWeb3` key. */
export interface PolkadotDevWalletsWindow extends InjectedWindow {
  __porticoDevPolkadotWallets?: Record<string, TestPolkadotExtension>
}

const persistKey = (key: string) => `portico-dev-polkadot-wallet:${key}`

function readPersisted(storage: InstallTestPolkadotExtensionConfig['persist'], key: string) {
  try {
    const value: unknown = JSON.parse(storage?.getItem(persistKey(key)) ?? '{}')
    if (typeof value !== 'object' || value === null) return {}
    const { authorized, exposed } = value as Record<string, unknown>
    return {
      ...(typeof authorized === 'boolean' ? { authorized } : {}),
      ...(Array.isArray(exposed) && exposed.every((index) => Number.isInteger(index) && index >= 0)
        ? { exposed: exposed as number[] }
        : {}),
    }
  } catch {
    // A corrupt entry starts the extension fresh, as a reinstalled one would.
    return {}
  }
}

/**
 * Puts the test extension under `window.injectedWeb3[key]` at once (as extensions inject before a
 * page's scripts run) and its switches on `window.__porticoDevPolkadotWallets[key]` once its keys
 * are derived; `enable` waits for that.
 * @example
 * installTestPolkadotExtension({ persist: localStorage })
 * window.__porticoDevPolkadotWallets?.['portico-dev-wallet']?.setMode('reject')
 */
export function installTestPolkadotExtension(
  config: InstallTestPolkadotExtensionConfig = {},
  target: PolkadotDevWalletsWindow = globalThis as unknown as PolkadotDevWalletsWindow,
): InstalledTestPolkadotExtension {
  const { key = POLKADOT_DEV_WALLET.key, persist, ...options } = config
  const saved = readPersisted(persist, key)
  const extension = createTestPolkadotExtension({
    ...options,
    ...(saved.authorized === undefined ? {} : { authorized: saved.authorized }),
    ...(saved.exposed === undefined ? {} : { exposed: saved.exposed }),
    ...(persist
      ? {
          onStateChange: ({ authorized, exposed }: TestPolkadotExtensionState) =>
            persist.setItem(persistKey(key), JSON.stringify({ authorized, exposed })),
        }
      : {}),
  }).catch((error: unknown) => {
    // Accounts saved by another key set may not exist any more: start fresh rather than not at all.
    if (error instanceof RangeError && saved.exposed) return createTestPolkadotExtension(options)
    throw error
  })
  const provider: InjectedWindowProvider = {
    version: TEST_POLKADOT_EXTENSION_VERSION,
    enable: async (originName) => (await extension).provider.enable(originName),
  }
  target.injectedWeb3 = { ...target.injectedWeb3, [key]: provider }
  void extension.then(
    (ready) => {
      target.__porticoDevPolkadotWallets = { ...target.__porticoDevPolkadotWallets, [key]: ready }
    },
    (error: unknown) => console.error('The Polkadot dev wallet did not install.', error),
  )
  return {
    key,
    extension,
    uninstall() {
      if (target.injectedWeb3?.[key] === provider) delete target.injectedWeb3[key]
      void extension.then((ready) => {
        if (target.__porticoDevPolkadotWallets?.[key] === ready)
          delete target.__porticoDevPolkadotWallets[key]
      })
    },
  }
}
