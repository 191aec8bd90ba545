import { type Connector, isSafeImageUrl, type Logger } from '@portico/core'
import { createAnnouncementWaiter, type WalletDiscovery } from '@portico/core/adapter-kit'
import * as z from 'zod/mini'
import type { Eip1193Provider } from './provider.js'

/** Id and name of the legacy `window.ethereum` connector. */
export const INJECTED_CONNECTOR_ID = 'injected'
const INJECTED_CONNECTOR_NAME = 'Browser Wallet'

const nonEmpty = () => z.string().check(z.minLength(1))

const announcementSchema = z.object({
  info: z.object({ uuid: nonEmpty(), name: nonEmpty(), rdns: nonEmpty(), icon: z.optional(z.unknown()) }),
  provider: z.custom<Eip1193Provider>(
    (value) =>
      (typeof value === 'object' || typeof value === 'function') &&
      value !== null &&
      typeof (value as { request?: unknown }).request === 'function',
  ),
})

/** A wallet icon is shown only as an image data URI or an https URL (core's one picture check). */
export const isSafeIconUrl = isSafeImageUrl

export type Discovery = WalletDiscovery<Eip1193Provider>

interface Entry {
  connector: Connector
  provider: Eip1193Provider
}

/**
 * Finds wallets in the page: EIP-6963 announcements (validated, one per rdns, latest wins)
 * and a legacy `window.ethereum` that no announcement already covers.
 */
export function createDiscovery(options: {
  window: Window
  logger: Logger
  /** Offer `window.ethereum` as the 'Browser Wallet' connector. */
  legacyInjected: boolean
  /** Connectors that are not discovered but always there (the embedded wallet), listed first. */
  fixed?: readonly { connector: Connector; provider: Eip1193Provider }[]
  onChange: (connectors: readonly Connector[]) => void
}): Discovery {
  const { logger } = options
  const target = options.window
  const announced = new Map<string, Entry>()
  let connectors: readonly Connector[] = []
  let started = false
  const find = (connectorId: string) =>
    entries().find((entry) => entry.connector.id === connectorId)?.provider
  // A stored wallet may announce itself after the page asked for it: reconnect waits, bounded.
  const waiter = createAnnouncementWaiter({ find, isListening: () => started })

  // One object for the life of the discovery, so an unchanged list keeps its identity.
  const injectedConnector: Connector = {
    id: INJECTED_CONNECTOR_ID,
    name: INJECTED_CONNECTOR_NAME,
    type: 'INJECTED',
    namespace: 'eip155',
    installed: true,
  }

  const legacyEntry = (): Entry | undefined => {
    if (!options.legacyInjected) return undefined
    const ethereum = (target as unknown as { ethereum?: unknown }).ethereum
    if (typeof (ethereum as { request?: unknown } | undefined)?.request !== 'function') return undefined
    for (const entry of announced.values()) if (entry.provider === ethereum) return undefined
    return { provider: ethereum as Eip1193Provider, connector: injectedConnector }
  }

  const fixed: Entry[] = [...(options.fixed ?? [])]
  const entries = (): Entry[] => {
    const legacy = legacyEntry()
    return legacy ? [...fixed, ...announced.values(), legacy] : [...fixed, ...announced.values()]
  }

  const refresh = () => {
    const next = entries().map((entry) => entry.connector)
    const changed =
      next.length !== connectors.length || next.some((connector, index) => connector !== connectors[index])
    if (!changed) return
    connectors = next
    waiter.changed()
    options.onChange(connectors)
  }

  const onAnnounce = (event: Event) => {
    const parsed = announcementSchema.safeParse((event as CustomEvent<unknown>).detail)
    if (!parsed.success) {
      logger.warn('evm: dropped a malformed EIP-6963 announcement', parsed.error.issues)
      return
    }
    const { info, provider } = parsed.data
    const imageUrl = isSafeIconUrl(info.icon) ? info.icon : undefined
    const previous = announced.get(info.rdns)
    // The same wallet answering another requestProvider: nothing to report.
    const unchanged =
      previous?.provider === provider &&
      previous.connector.name === info.name &&
      previous.connector.imageUrl === imageUrl
    if (unchanged) return
    const connector: Connector = {
      id: info.rdns,
      name: info.name,
      type: 'ANNOUNCED',
      namespace: 'eip155',
      rdns: info.rdns,
      installed: true,
    }
    if (imageUrl) connector.imageUrl = imageUrl
    else if (info.icon !== undefined)
      logger.warn(`evm: ignored the icon of ${info.rdns}: not an image data URI or https URL`)
    announced.set(info.rdns, { connector, provider })
    refresh()
  }

  return {
    start() {
      if (started) return
      started = true
      target.addEventListener('eip6963:announceProvider', onAnnounce)
      // Legacy wallets that inject late fire this once window.ethereum is set.
      target.addEventListener('ethereum#initialized', refresh)
      target.dispatchEvent(new Event('eip6963:requestProvider'))
      refresh()
    },
    destroy() {
      started = false
      target.removeEventListener('eip6963:announceProvider', onAnnounce)
      target.removeEventListener('ethereum#initialized', refresh)
      waiter.changed()
      announced.clear()
      connectors = []
    },
    getConnectors: () => connectors,
    getWallet: find,
    waitForWallet: (connectorId, timeoutMs) => waiter.wait(connectorId, timeoutMs),
  }
}
