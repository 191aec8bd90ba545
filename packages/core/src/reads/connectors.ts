import { snapshot } from 'valtio/vanilla'
import type { ConnectorSection } from '../config.js'
import { memo } from '../memo.js'
import type { Portico } from '../portico.js'
import type { Connector } from '../types/adapter.js'
import type { ChainNamespace } from '../types/network.js'
import { type WatchParameters, watchAreas } from './watch.js'

/** SPEC §5: the legacy injected connector's name, hidden on desktop. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

export interface ConnectorListItem {
  connector: Connector
  section: ConnectorSection
}

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

/** Visible wallets whose name contains `query` (case-insensitive), in list order. */
export function searchConnectors(
  portico: Portico,
  parameters: { query: string; namespace?: ChainNamespace },
): readonly ConnectorListItem[] {
  const list = getConnectorList(portico, parameters.namespace ? { namespace: parameters.namespace } : {})
  const query = parameters.query.trim().toLowerCase()
  if (!query) return list
  return list.filter(({ connector }) => connector.name.toLowerCase().includes(query))
}

export function watchConnectors(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['connectors'], parameters)
}
