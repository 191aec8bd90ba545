import { type Connector, isSafeImageUrl, type Logger } from '@portico/core'
import { createAnnouncementWaiter, type WalletDiscovery } from '@portico/core/adapter-kit'
import { isSolanaWallet, isWallet, type Wallet } from './walletStandard.js'

/** The part of `window` discovery needs; tests pass an `EventTarget`. */
export type DiscoveryTarget = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>

/** What the app hands wallets: `register` adds them and returns the function that removes them. */
export interface WalletRegistry {
  register(...wallets: Wallet[]): () => void
}

export type Discovery = WalletDiscovery<Wallet>

const REGISTER_EVENT = 'wallet-standard:register-wallet'
const APP_READY_EVENT = 'wallet-standard:app-ready'

/** A wallet icon is shown only as an image data URI or an https URL (core's one picture check). */
export const isSafeIconUrl = isSafeImageUrl

/** The connector id of a Wallet Standard wallet: its name, which is all the standard makes unique. */
export function getWalletConnectorId(name: string): string {
  return `wallet-standard:${name}`
}

/**
 * Finds Solana wallets by the app side of the Wallet Standard protocol: it answers wallets that
 * announce themselves (`wallet-standard:register-wallet`) and tells wallets that load first that
 * the app is ready (`wallet-standard:app-ready`), giving both the same `register`.
 */
export function createDiscovery(options: {
  window: DiscoveryTarget
  logger: Logger
  onChange: (connectors: readonly Connector[]) => void
}): Discovery {
  const { logger } = options
  const target = options.window
  // Every registered wallet in order, Solana or not: a wallet may be unregistered later and the
  // one it shadowed by name must then appear.
  const registered = new Set<Wallet>()
  const connectorOf = new WeakMap<Wallet, Connector>()
  let entries: readonly { connector: Connector; wallet: Wallet }[] = []
  let connectors: readonly Connector[] = []
  let started = false
  const find = (connectorId: string) => entries.find((entry) => entry.connector.id === connectorId)?.wallet
  // A stored wallet may announce itself after the page asked for it: reconnect waits, bounded.
  const waiter = createAnnouncementWaiter({ find, isListening: () => started })

  const toConnector = (wallet: Wallet): Connector => {
    let connector = connectorOf.get(wallet)
    if (connector) return connector
    connector = {
      id: getWalletConnectorId(wallet.name),
      name: wallet.name,
      type: 'ANNOUNCED',
      namespace: 'solana',
      installed: true,
    }
    if (isSafeIconUrl(wallet.icon)) connector.imageUrl = wallet.icon
    else logger.warn(`solana: ignored the icon of ${wallet.name}: not an image data URI or https URL`)
    connectorOf.set(wallet, connector)
    return connector
  }

  const refresh = () => {
    const byName = new Map<string, { connector: Connector; wallet: Wallet }>()
    for (const wallet of registered) {
      if (!isSolanaWallet(wallet)) continue
      // The first wallet with a name keeps it: a script registering later under the same name
      // cannot take over a connector the visitor may already be connected through.
      if (byName.has(wallet.name)) {
        logger.debug(`solana: ignored a second wallet named ${wallet.name}`)
        continue
      }
      byName.set(wallet.name, { connector: toConnector(wallet), wallet })
    }
    entries = [...byName.values()]
    const next = entries.map((entry) => entry.connector)
    const changed =
      next.length !== connectors.length || next.some((connector, index) => connector !== connectors[index])
    if (!changed) return
    connectors = next
    waiter.changed()
    options.onChange(connectors)
  }

  const registry: WalletRegistry = {
    register(...wallets) {
      const added: Wallet[] = []
      if (started) {
        for (const wallet of wallets) {
          if (!isWallet(wallet)) {
            logger.warn('solana: dropped a malformed Wallet Standard wallet', wallet)
            continue
          }
          if (registered.has(wallet)) continue
          registered.add(wallet)
          added.push(wallet)
        }
        if (added.length > 0) refresh()
      }
      return () => {
        let removed = false
        for (const wallet of added) removed = registered.delete(wallet) || removed
        if (removed) refresh()
      }
    },
  }

  const onRegister = (event: Event) => {
    const callback = (event as CustomEvent<unknown>).detail
    if (typeof callback !== 'function') {
      logger.warn('solana: dropped a register-wallet event without a callback')
      return
    }
    try {
      ;(callback as (registry: WalletRegistry) => void)(registry)
    } catch (error) {
      logger.warn('solana: a wallet failed while registering', error)
    }
  }

  return {
    start() {
      if (started) return
      started = true
      target.addEventListener(REGISTER_EVENT, onRegister)
      // Wallets that loaded before the app listen for this and register through `detail.register`.
      target.dispatchEvent(new CustomEvent(APP_READY_EVENT, { detail: registry }))
    },
    destroy() {
      started = false
      target.removeEventListener(REGISTER_EVENT, onRegister)
      waiter.changed()
      registered.clear()
      entries = []
      connectors = []
    },
    getConnectors: () => connectors,
    getWallet: find,
    waitForWallet: (connectorId, timeoutMs) => waiter.wait(connectorId, timeoutMs),
  }
}
