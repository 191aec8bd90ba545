import { type Connector, isSafeImageUrl, type Logger } from '@portico/core'
import { createAnnouncementWaiter, type WalletDiscovery } from '@portico/core/adapter-kit'
import { type InjectedExtension, type InjectedWindow, isInjectedExtension } from './injectedWeb3.js'
import { GENERIC_WALLET_ICON, KNOWN_WALLETS, NOVA_WALLET } from './walletIcons.js'

/** The extensions under `window.injectedWeb3`, by their key (the connector id). */
export type Discovery = WalletDiscovery<InjectedExtension>

export interface CreateDiscoveryParameters {
  window: InjectedWindow
  logger: Logger
  onChange: (connectors: readonly Connector[]) => void
  /** Names and pictures of extensions the adapter does not know, by key. */
  extensions?: Readonly<Record<string, { name: string; imageUrl?: string }>>
  /** How often `window.injectedWeb3` is looked at again after start. Default 250 ms. */
  intervalMs?: number
  /** For how long after start (and after the page's `load`) it is looked at. Default 10 s. */
  durationMs?: number
}

// An extension key is a short name ('polkadot-js', 'subwallet-js'); anything else is not one.
const KEY = /^[\w.@-]{1,64}$/

/**
 * Finds the extensions under `window.injectedWeb3`. The protocol has no announcement event, and
 * extensions inject at different times (some after `load`), so the object is looked at again for
 * a while after start and after the page's `load` event.
 */
export function createDiscovery({
  window: target,
  logger,
  onChange,
  extensions: named = {},
  intervalMs = 250,
  durationMs = 10_000,
}: CreateDiscoveryParameters): Discovery {
  let connectors: readonly Connector[] = []
  const extensions = new Map<string, InjectedExtension>()
  // Entries that are not extensions, warned about once.
  const ignored = new Set<string>()
  let listening = false
  let timer: ReturnType<typeof setInterval> | undefined
  let stopAt = 0
  const waiter = createAnnouncementWaiter<InjectedExtension>({
    find: (id) => extensions.get(id),
    isListening: () => listening,
  })

  const scan = () => {
    const injected = target.injectedWeb3
    if (typeof injected !== 'object' || injected === null) return
    let changed = false
    for (const key of Object.keys(injected)) {
      if (extensions.has(key) || ignored.has(key)) continue
      const extension = injected[key]
      if (!KEY.test(key) || !isInjectedExtension(extension)) {
        logger.warn(`polkadot: ignored an injectedWeb3 entry that is not an extension (${key.slice(0, 64)})`)
        ignored.add(key)
        continue
      }
      extensions.set(key, extension)
      const given = Object.hasOwn(named, key) ? named[key] : undefined
      const known =
        key === 'polkadot-js' && target.walletExtension?.isNovaWallet === true
          ? NOVA_WALLET
          : given && typeof given.name === 'string' && given.name.trim() !== ''
            ? {
                name: given.name,
                imageUrl: isSafeImageUrl(given.imageUrl) ? given.imageUrl : GENERIC_WALLET_ICON,
              }
            : Object.hasOwn(KNOWN_WALLETS, key)
              ? KNOWN_WALLETS[key]
              : undefined
      connectors = [
        ...connectors,
        {
          id: key,
          name: known?.name ?? key,
          type: 'INJECTED',
          namespace: 'polkadot',
          imageUrl: known?.imageUrl ?? GENERIC_WALLET_ICON,
          installed: true,
        },
      ]
      changed = true
    }
    if (changed) {
      onChange(connectors)
      waiter.changed()
    }
  }

  const poll = () => {
    scan()
    if (Date.now() >= stopAt && timer !== undefined) {
      clearInterval(timer)
      timer = undefined
    }
  }

  const keepLooking = () => {
    stopAt = Date.now() + durationMs
    timer ??= setInterval(poll, intervalMs)
  }

  const onLoad = () => {
    scan()
    keepLooking()
  }

  return {
    start() {
      if (listening) return
      listening = true
      scan()
      keepLooking()
      target.addEventListener?.('load', onLoad)
    },
    destroy() {
      listening = false
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
      target.removeEventListener?.('load', onLoad)
      waiter.changed()
    },
    getConnectors: () => connectors,
    getWallet: (connectorId) => extensions.get(connectorId),
    waitForWallet: (connectorId, timeoutMs) => waiter.wait(connectorId, timeoutMs),
  }
}
