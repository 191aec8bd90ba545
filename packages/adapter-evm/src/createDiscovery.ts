import { type Connector, isSafeImageUrl, type Logger } from '@portico/core'
import { createAnnouncementWaiter, type WalletDiscovery } from '@portico/core/adapter-kit'
import type { Eip1193Provider } from './provider.js'

/** Id and name of the legacy `window.ethereum` connector. */
export const INJECTED_CONNECTOR_ID = 'injected'
const INJECTED_CONNECTOR_NAME = 'Browser Wallet'

interface Announcement {
  info: { uuid: string; name: string; rdns: string; icon: unknown }
  provider: Eip1193Provider
}

const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * An EIP-6963 announcement's detail, or why it is malformed. Checked by hand rather than with a
 * schema library, whose object parser would weigh more than the rest of this entry. Each field is
 * read once into the result, so a getter cannot pass the check and then answer something else.
 */
function parseAnnouncement(detail: unknown): Announcement | string {
  if (typeof detail !== 'object' || detail === null) return 'no detail object'
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (typeof info !== 'object' || info === null) return 'no info object'
  const { uuid, name, rdns, icon } = info as Record<string, unknown>
  if (!isNonEmptyString(uuid)) return 'info.uuid is not a non-empty string'
  if (!isNonEmptyString(name)) return 'info.name is not a non-empty string'
  if (!isNonEmptyString(rdns)) return 'info.rdns is not a non-empty string'
  const request =
    (typeof provider === 'object' || typeof provider === 'function') && provider !== null
      ? (provider as { request?: unknown }).request
      : undefined
  if (typeof request !== 'function') return 'provider has no request function'
  return { info: { uuid, name, rdns, icon }, provider: provider as Eip1193Provider }
}

/** A wallet icon is shown only as an image data URI or an https URL (core's one picture check). */
export const isSafeIconUrl = isSafeImageUrl

export type Discovery = WalletDiscovery<Eip1193Provider> & {
  /** Adds connectors to the fixed ones (the site's external wallets, once their chunk is loaded). */
  addFixed(entries: readonly { connector: Connector; provider: Eip1193Provider }[]): void
}

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
    const parsed = parseAnnouncement((event as CustomEvent<unknown>).detail)
    if (typeof parsed === 'string') {
      logger.warn('evm: dropped a malformed EIP-6963 announcement', parsed)
      return
    }
    const { info, provider } = parsed
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
    addFixed(more) {
      fixed.push(...more)
      if (started) refresh()
    },
    waitForWallet: (connectorId, timeoutMs) => waiter.wait(connectorId, timeoutMs),
  }
}
