import type { Connector } from '../adapterKit/contract.js'
import type { ConnectorSection } from '../config.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { getRegistryWallets } from '../registry/walletRegistry.js'
import { defineSelector } from '../selector.js'
import type { RegistryWallet } from '../walletConnect/types.js'

/** SPEC §5: the legacy injected connector's name, hidden on desktop. */
export const BROWSER_WALLET_NAME = 'Browser Wallet'

export interface ConnectorListItem {
  /**
   * The wallet to connect. For a wallet present in several namespaces (its connectors share a
   * name), the one of the active namespace, typed MULTI_CHAIN; connecting it connects the others too.
   */
  connector: Connector
  section: ConnectorSection
  /** Every namespace the wallet serves here (one, unless it is MULTI_CHAIN). */
  namespaces: readonly ChainNamespace[]
}

/**
 * A wallet that is not installed, reached over WalletConnect: one of the site's `customWallets`
 * (`custom`), or of the registry (`featured` when the site features its id, `registry` otherwise).
 * Open it with `selectMobileWallet(portico, { walletId })`.
 */
export interface RegistryWalletListItem {
  wallet: RegistryWallet
  section: 'featured' | 'registry' | 'custom'
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

// Wallets a visitor installed: the same wallet in several namespaces is one row (SPEC §3 MULTI_CHAIN).
const INSTALLED_TYPES = new Set<Connector['type']>(['ANNOUNCED', 'INJECTED', 'MULTI_CHAIN'])

/**
 * What makes connectors of different namespaces the same wallet: an installed wallet announces the
 * same name in each (EIP-6963 and Wallet Standard share no other id); the WalletConnect connector
 * has the same id in each, over one session. Undefined for connectors that are never merged.
 */
export function walletKeyOf(connector: Connector): string | undefined {
  if (INSTALLED_TYPES.has(connector.type)) return `installed:${connector.name.trim().toLowerCase()}`
  if (connector.type === 'WALLET_CONNECT') return `walletConnect:${connector.id}`
  return undefined
}

/**
 * The connectors of the same wallet in the other namespaces (its installed siblings), e.g. the
 * Solana side of a wallet connected on EVM.
 */
export function getSiblingConnectors(portico: Portico, connector: Connector): Connector[] {
  const key = siblingKeyOf(connector)
  if (!key || connector.type === 'WALLET_CONNECT') return []
  return (Object.entries(portico.state.connectors.byNamespace) as [ChainNamespace, readonly Connector[]][])
    .filter(([namespace]) => namespace !== connector.namespace)
    .flatMap(([, list]) => list)
    .filter((candidate) => siblingKeyOf(candidate) === key && isConnectorVisible(portico, candidate))
}

/**
 * Like `walletKeyOf`, plus the e-mail wallet: its AUTH connectors share one id and one login in
 * every namespace (SPEC §6: eip155 and solana), so logging in connects each. Not in `walletKeyOf`,
 * which merges rows of the wallet list: the e-mail wallet has no row there.
 */
function siblingKeyOf(connector: Connector): string | undefined {
  return connector.type === 'AUTH' ? `auth:${connector.id}` : walletKeyOf(connector)
}

/** One entry per wallet: the active namespace's connector stands for the others, typed MULTI_CHAIN. */
function mergeWallets(
  connectors: readonly Connector[],
  activeChain: ChainNamespace | undefined,
): { connector: Connector; members: Connector[] }[] {
  const groups = new Map<string, Connector[]>()
  const merged: { connector: Connector; members: Connector[] }[] = []
  for (const connector of connectors) {
    const key = walletKeyOf(connector)
    const group = key ? groups.get(key) : undefined
    if (group) {
      group.push(connector)
      continue
    }
    const members = [connector]
    if (key) groups.set(key, members)
    merged.push({ connector, members })
  }
  return merged.map(({ connector, members }) => {
    const namespaces = new Set(members.map((member) => member.namespace))
    if (namespaces.size < 2) return { connector, members }
    const lead = members.find((member) => member.namespace === activeChain) ?? connector
    const imageUrl = lead.imageUrl ?? members.find((member) => member.imageUrl)?.imageUrl
    const rdns = lead.rdns ?? members.find((member) => member.rdns)?.rdns
    return {
      connector: {
        ...lead,
        ...(lead.type === 'WALLET_CONNECT' ? {} : { type: 'MULTI_CHAIN' as const }),
        ...(imageUrl ? { imageUrl } : {}),
        ...(rdns ? { rdns } : {}),
      },
      members,
    }
  })
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

const connectorList = /* @__PURE__ */ defineSelector(
  (portico: Portico, parameters: { namespace?: ChainNamespace } = {}): readonly ConnectorListItem[] => {
    const { connectors, modal } = portico.state
    const { namespace } = parameters
    const visible = (Object.entries(connectors.byNamespace) as [ChainNamespace, readonly Connector[]][])
      .filter(([candidate]) => !namespace || candidate === namespace)
      .flatMap(([, list]) => list)
      .filter((connector) => isConnectorVisible(portico, connector))
    const all = mergeWallets(visible, modal.activeChain)
    const featured = portico.options.featuredWalletIds
    const rank = ({ members }: (typeof all)[number]) => {
      const indexes = members
        .map((member) => featured.indexOf(member.rdns ?? member.id))
        .filter((index) => index !== -1)
      return indexes.length ? Math.min(...indexes) : featured.length
    }
    const recentIds = connectors.recent.map((wallet) => wallet.id)
    const bySection = new Map<ConnectorSection, ConnectorListItem[]>()
    const add = (section: ConnectorSection, wallet: (typeof all)[number]) =>
      bySection.set(section, [
        ...(bySection.get(section) ?? []),
        {
          connector: wallet.connector,
          section,
          namespaces: [...new Set(wallet.members.map((member) => member.namespace))],
        },
      ])
    const isRecent = (wallet: (typeof all)[number]) =>
      wallet.members.some((member) => recentIds.includes(member.id))
    for (const id of recentIds) {
      const wallet = all.find((candidate) => candidate.members.some((member) => member.id === id))
      // The embedded wallet is reached through its e-mail field, never as a wallet row.
      if (
        wallet &&
        wallet.connector.type !== 'AUTH' &&
        !bySection.get('recent')?.some((item) => item.connector === wallet.connector)
      )
        add('recent', wallet)
    }
    const rest = all.filter((wallet) => !isRecent(wallet))
    for (const wallet of [...rest].sort((a, b) => rank(a) - rank(b))) {
      const section = sectionOf(wallet.connector)
      if (section) add(section, wallet)
    }
    return portico.options.features.connectorTypeOrder.flatMap((section) => bySection.get(section) ?? [])
  },
)
/**
 * The wallets to offer, in order: sections in the configured order then SPEC §9's default order;
 * recent wallets in their own section; featured wallet ids first among installed ones.
 *
 * @example
 * for (const { connector, section } of getConnectorList(portico)) render(connector)
 */
export const getConnectorList = connectorList.get
/**
 * Calls `onChange(list, previous)` when the wallets to offer change (those of `getConnectorList`
 * with the parameters given after the watch parameters); returns the unsubscribe.
 */
export const watchConnectors = connectorList.watch

const walletList = /* @__PURE__ */ defineSelector(
  (portico: Portico, parameters: { namespace?: ChainNamespace } = {}): readonly WalletListItem[] => {
    const { namespace } = parameters
    const connectorList = getConnectorList(portico, namespace ? { namespace } : {})
    const registry = getRegistryWallets(portico)
    const { excludeWalletIds, featuredWalletIds } = portico.options
    // Only what listing needs is checked here (the rows check pictures, the pairing view checks
    // links through `findListedWallet`), so the page's first download does not carry the rest.
    const customIds = new Set<string>()
    const customWallets = (portico.config.customWallets ?? []).filter((wallet) => {
      const fine =
        typeof wallet?.id === 'string' &&
        wallet.id !== '' &&
        typeof wallet.name === 'string' &&
        wallet.name.trim() !== '' &&
        Array.isArray(wallet.namespaces) &&
        !customIds.has(wallet.id)
      if (fine) customIds.add(wallet.id)
      return fine
    })
    if (registry.length === 0 && customWallets.length === 0) return connectorList
    const { connectors, networks } = portico.state
    const offered = new Set<string>()
    for (const list of Object.values(connectors.byNamespace))
      for (const connector of list ?? []) {
        offered.add(connector.id)
        if (connector.rdns) offered.add(connector.rdns)
      }
    const siteNamespaces = new Set(networks.map((network) => network.namespace))
    const listable = (wallet: RegistryWallet) =>
      !offered.has(wallet.id) &&
      !(wallet.rdns && offered.has(wallet.rdns)) &&
      !excludeWalletIds.includes(wallet.id) &&
      !(wallet.rdns && excludeWalletIds.includes(wallet.rdns)) &&
      wallet.namespaces.some((candidate) =>
        namespace ? candidate === namespace : siteNamespaces.has(candidate),
      )
    const custom = customWallets.filter(listable)
    // The site's own entry stands for a registry wallet of the same id.
    const listed = registry.filter((wallet) => listable(wallet) && !customIds.has(wallet.id))
    const featuredRank = (wallet: RegistryWallet) => {
      const index = featuredWalletIds.findIndex((id) => id === wallet.id || id === wallet.rdns)
      return index === -1 ? undefined : index
    }
    const bySection = new Map<string, WalletListItem[]>()
    for (const item of connectorList)
      bySection.set(item.section, [...(bySection.get(item.section) ?? []), item])
    // Featured registry wallets take the `featured` place in the section order, so they stay after
    // recent and installed wallets in the default order; the site's own wallets take `custom`'s.
    bySection.set('featured', [
      ...(bySection.get('featured') ?? []),
      ...listed
        .filter((wallet) => featuredRank(wallet) !== undefined)
        .sort((a, b) => featuredRank(a)! - featuredRank(b)!)
        .map((wallet): RegistryWalletListItem => ({ wallet, section: 'featured' })),
    ])
    bySection.set(
      'custom',
      custom.map((wallet): RegistryWalletListItem => ({ wallet, section: 'custom' })),
    )
    const rest = listed
      .filter((wallet) => featuredRank(wallet) === undefined)
      .map((wallet): RegistryWalletListItem => ({ wallet, section: 'registry' }))
    return [
      ...portico.options.features.connectorTypeOrder.flatMap((section) => bySection.get(section) ?? []),
      ...rest,
    ]
  },
)
/**
 * Every wallet AllWallets lists: the connectors in `getConnectorList` order, with registry wallets
 * the site features in the `featured` section and its `customWallets` in the `custom` section (as
 * `connectorTypeOrder` places them), then the other registry wallets. A registry wallet
 * is left out when a connector already offers it (same id or reverse-domain id), when it is
 * excluded, or when it supports none of the site's namespaces (or not `namespace`).
 *
 * @example
 * for (const item of getWalletList(portico)) render('wallet' in item ? item.wallet : item.connector)
 */
export const getWalletList = walletList.get
/**
 * Calls `onChange(list, previous)` when the wallets AllWallets lists change (those of
 * `getWalletList` with the parameters given after the watch parameters); returns the unsubscribe.
 */
export const watchWalletList = walletList.watch

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
