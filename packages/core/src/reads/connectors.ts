import { snapshot } from 'valtio/vanilla'
import type { ConnectorSection } from '../config.js'
import { memo } from '../memo.js'
import type { Portico } from '../portico.js'
import type { Connector } from '../types/adapter.js'
import type { ChainNamespace } from '../types/network.js'
import type { RegistryWallet } from '../types/walletConnect.js'
import { getRegistryWallets } from './walletRegistry.js'
import { type WatchParameters, watchAreas } from './watch.js'

/** SPEC §5: the legacy injected connector's name, hidden on desktop. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

export interface ConnectorListItem {
  connector: Connector
  section: ConnectorSection
}

/**
 * A registry wallet that is not installed, reached over WalletConnect: `featured` when the site
 * features its id, `registry` otherwise. Open it with `connectWalletConnect(portico, { walletId })`.
 */
export interface RegistryWalletListItem {
  wallet: RegistryWallet
  section: 'featured' | 'registry'
}

/** One row of AllWallets: a connector the adapters offer, or a registry wallet. */
export type WalletListItem = ConnectorListItem | RegistryWalletListItem

/** SPEC §5 connector visibility: not installed, excluded by rdns, or 'Browser Wallet' on desktop. */
export function isConnectorVisible(portico: Portico, connector: Connector): boolean {
  if (!connector.installed && (connector.type === 'INJECTED' || connector.type === 'ANNOUNCED')) return false
  if (connector.rdns && portico.options.excludeWalletIds.includes(connector.rdns)) return false
  if (connector.type === 'INJECTED' && connector.name === BROWSER_WALLET_NAME && !portico.internal.isMobile())
    return false
  return true
}

function sectionOf(connector: Connector): ConnectorSection | undefined {
  switch (connector.type) {
    case 'ANNOUNCED':
    case 'INJECTED':
    case 'MULTI_CHAIN':
      return 'injected'
    case 'EXTERNAL':
      return 'external'
    case 'WALLET_CONNECT':
      return 'walletConnect'
    case 'AUTH':
      return undefined
  }
}

/**
 * The wallets to offer, in order: sections in the configured order then SPEC §9's default order;
 * recent wallets in their own section; featured wallet ids first among installed ones.
 *
 * @example
 * for (const { connector, section } of getConnectorList(portico)) render(connector)
 */
export function getConnectorList(
  portico: Portico,
  parameters: { namespace?: ChainNamespace } = {},
): readonly ConnectorListItem[] {
  const connectors = snapshot(portico.state.connectors)
  const { namespace } = parameters
  return memo(portico, `connectors:${namespace}`, [connectors, namespace], () => {
    const all = (Object.entries(connectors.byNamespace) as [ChainNamespace, readonly Connector[]][])
      .filter(([candidate]) => !namespace || candidate === namespace)
      .flatMap(([, list]) => list)
      .filter((connector) => isConnectorVisible(portico, connector))
    const featured = portico.options.featuredWalletIds
    const rank = (connector: Connector) => {
      const index = featured.indexOf(connector.rdns ?? connector.id)
      return index === -1 ? featured.length : index
    }
    const recentIds = connectors.recent.map((wallet) => wallet.id)
    const bySection = new Map<ConnectorSection, Connector[]>()
    const add = (section: ConnectorSection, connector: Connector) =>
      bySection.set(section, [...(bySection.get(section) ?? []), connector])
    for (const id of recentIds) {
      const connector = all.find((candidate) => candidate.id === id)
      // The embedded wallet is reached through its e-mail field, never as a wallet row.
      if (connector && connector.type !== 'AUTH') add('recent', connector)
    }
    const rest = all.filter((connector) => !recentIds.includes(connector.id))
    for (const connector of [...rest].sort((a, b) => rank(a) - rank(b))) {
      const section = sectionOf(connector)
      if (section) add(section, connector)
    }
    return portico.options.features.connectorTypeOrder.flatMap((section) =>
      (bySection.get(section) ?? []).map((connector) => ({ connector, section })),
    )
  })
}

/**
 * Every wallet AllWallets lists: the connectors in `getConnectorList` order, with registry wallets
 * the site features in the `featured` section, then the other registry wallets. A registry wallet
 * is left out when a connector already offers it (same id or reverse-domain id), when it is
 * excluded, or when it supports none of the site's namespaces (or not `namespace`).
 *
 * @example
 * for (const item of getWalletList(portico)) render('wallet' in item ? item.wallet : item.connector)
 */
export function getWalletList(
  portico: Portico,
  parameters: { namespace?: ChainNamespace } = {},
): readonly WalletListItem[] {
  const { namespace } = parameters
  const connectorList = getConnectorList(portico, namespace ? { namespace } : {})
  const registry = getRegistryWallets(portico)
  const connectors = snapshot(portico.state.connectors)
  const networks = snapshot(portico.state.networks)
  return memo(portico, `walletList:${namespace}`, [connectorList, registry, connectors, networks], () => {
    if (registry.length === 0) return connectorList
    const offered = new Set<string>()
    for (const list of Object.values(connectors.byNamespace))
      for (const connector of list ?? []) {
        offered.add(connector.id)
        if (connector.rdns) offered.add(connector.rdns)
      }
    const siteNamespaces = new Set(networks.map((network) => network.namespace))
    const { excludeWalletIds, featuredWalletIds } = portico.options
    const listed = registry.filter(
      (wallet) =>
        !offered.has(wallet.id) &&
        !(wallet.rdns && offered.has(wallet.rdns)) &&
        !excludeWalletIds.includes(wallet.id) &&
        !(wallet.rdns && excludeWalletIds.includes(wallet.rdns)) &&
        wallet.namespaces.some((candidate) =>
          namespace ? candidate === namespace : siteNamespaces.has(candidate),
        ),
    )
    const featuredRank = (wallet: RegistryWallet) => {
      const index = featuredWalletIds.findIndex((id) => id === wallet.id || id === wallet.rdns)
      return index === -1 ? undefined : index
    }
    const featured: RegistryWalletListItem[] = listed
      .filter((wallet) => featuredRank(wallet) !== undefined)
      .sort((a, b) => featuredRank(a)! - featuredRank(b)!)
      .map((wallet) => ({ wallet, section: 'featured' }))
    const rest: RegistryWalletListItem[] = listed
      .filter((wallet) => featuredRank(wallet) === undefined)
      .map((wallet) => ({ wallet, section: 'registry' }))
    // Featured registry wallets take the `featured` place in the section order, so they stay
    // after recent and installed wallets in the default order.
    const order = portico.options.features.connectorTypeOrder
    const featuredAt = order.indexOf('featured')
    const beforeFeatured = connectorList.filter((item) => order.indexOf(item.section) <= featuredAt)
    const afterFeatured = connectorList.filter((item) => order.indexOf(item.section) > featuredAt)
    return [...beforeFeatured, ...featured, ...afterFeatured, ...rest]
  })
}

/** The wallets of `getWalletList` whose name contains `query` (case-insensitive), in list order. */
export function searchConnectors(
  portico: Portico,
  parameters: { query: string; namespace?: ChainNamespace },
): readonly WalletListItem[] {
  const list = getWalletList(portico, parameters.namespace ? { namespace: parameters.namespace } : {})
  const query = parameters.query.trim().toLowerCase()
  if (!query) return list
  return list.filter((item) =>
    ('wallet' in item ? item.wallet : item.connector).name.toLowerCase().includes(query),
  )
}

/** Calls `onChange` when the wallets or the registry list change; returns the unsubscribe. */
export function watchConnectors(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['connectors', 'walletRegistry'], parameters)
}
