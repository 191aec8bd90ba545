import { isSafeImageUrl } from '../format/safeImageUrl.js'
import type { ChainNamespace } from '../network/types.js'
import type { Connector, Logger } from './contract.js'
import { createAnnouncementWaiter } from './createAnnouncementWaiter.js'
import type { WalletDiscovery } from './WalletDiscovery.js'
import { isWalletStandardWallet, type WalletStandardWallet } from './walletStandard.js'

/** The part of `window` discovery needs; tests pass an `EventTarget`. */
export type WalletStandardTarget = Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener' | 'dispatchEvent'
>

/** What the app hands wallets: `register` adds them and returns the function that removes them. */
export interface WalletStandardRegistry {
  register(...wallets: WalletStandardWallet[]): () => void
}

export interface CreateWalletStandardDiscoveryParameters {
  window: WalletStandardTarget
  logger: Logger
  /** The namespace the connectors are listed in, and the prefix of the discovery's log lines. */
  namespace: ChainNamespace
  /** Whether a registered wallet is one the adapter can use (its chains and features). */
  accepts: (wallet: WalletStandardWallet) => boolean
  onChange: (connectors: readonly Connector[]) => void
  /**
   * Wallet objects the site hands over itself (a hardware wallet's SDK): listed from the start, as
   * EXTERNAL connectors, before the wallets the page registers.
   */
  external?: readonly WalletStandardWallet[]
}

const REGISTER_EVENT = 'wallet-standard:register-wallet'
const APP_READY_EVENT = 'wallet-standard:app-ready'

/** The connector id of a Wallet Standard wallet: its name, which is all the standard makes unique. */
export function getWalletStandardConnectorId(name: string): string {
  return `wallet-standard:${name}`
}

/**
 * Finds wallets by the app side of the Wallet Standard protocol: it answers wallets that announce
 * themselves (`wallet-standard:register-wallet`) and tells wallets that load first that the app is
 * ready (`wallet-standard:app-ready`), giving both the same `register`. Every adapter whose wallets
 * speak the standard (Solana's, Bitcoin's) lists them through this, each keeping those it `accepts`.
 */
export function createWalletStandardDiscovery(
  options: CreateWalletStandardDiscoveryParameters,
): WalletDiscovery<WalletStandardWallet> {
  const { logger, namespace } = options
  const target = options.window
  // Every registered wallet in order, accepted or not: a wallet may be unregistered later and the
  // one it shadowed by name must then appear.
  const registered = new Set<WalletStandardWallet>()
  const connectorOf = new WeakMap<WalletStandardWallet, Connector>()
  const external = new Set<WalletStandardWallet>()
  let entries: readonly { connector: Connector; wallet: WalletStandardWallet }[] = []
  let connectors: readonly Connector[] = []
  let started = false
  const find = (connectorId: string) => entries.find((entry) => entry.connector.id === connectorId)?.wallet
  // A stored wallet may announce itself after the page asked for it: reconnect waits, bounded.
  const waiter = createAnnouncementWaiter({ find, isListening: () => started })

  const toConnector = (wallet: WalletStandardWallet): Connector => {
    let connector = connectorOf.get(wallet)
    if (connector) return connector
    connector = {
      id: getWalletStandardConnectorId(wallet.name),
      name: wallet.name,
      type: external.has(wallet) ? 'EXTERNAL' : 'ANNOUNCED',
      namespace,
      installed: true,
    }
    if (isSafeImageUrl(wallet.icon)) connector.imageUrl = wallet.icon
    else logger.warn(`${namespace}: ignored the icon of ${wallet.name}: not an image data URI or https URL`)
    connectorOf.set(wallet, connector)
    return connector
  }

  const refresh = () => {
    const byName = new Map<string, { connector: Connector; wallet: WalletStandardWallet }>()
    for (const wallet of registered) {
      if (!options.accepts(wallet)) continue
      // The first wallet with a name keeps it: a script registering later under the same name
      // cannot take over a connector the visitor may already be connected through.
      if (byName.has(wallet.name)) {
        logger.debug(`${namespace}: ignored a second wallet named ${wallet.name}`)
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

  const registry: WalletStandardRegistry = {
    register(...wallets) {
      const added: WalletStandardWallet[] = []
      if (started) {
        for (const wallet of wallets) {
          if (!isWalletStandardWallet(wallet)) {
            logger.warn(`${namespace}: dropped a malformed Wallet Standard wallet`, wallet)
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
      logger.warn(`${namespace}: dropped a register-wallet event without a callback`)
      return
    }
    try {
      ;(callback as (registry: WalletStandardRegistry) => void)(registry)
    } catch (error) {
      logger.warn(`${namespace}: a wallet failed while registering`, error)
    }
  }

  return {
    start() {
      if (started) return
      started = true
      for (const wallet of options.external ?? []) {
        if (!isWalletStandardWallet(wallet)) {
          logger.warn(`${namespace}: dropped a malformed external Wallet Standard wallet`, wallet)
          continue
        }
        external.add(wallet)
        registered.add(wallet)
      }
      if (external.size > 0) refresh()
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
