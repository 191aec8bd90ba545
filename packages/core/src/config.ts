import type { AdapterFactory, Logger } from './adapterKit/contract.js'
import type { PorticoServices } from './api/serviceTypes.js'
import type { EmbeddedWallet } from './email/types.js'
import type { CaipNetworkId, Network } from './network/types.js'
import type { SiwxConfig } from './siwx/types.js'
import { SOCIAL_PROVIDERS, type SocialProvider } from './social/types.js'
import type { ThemeMode, ThemeVariables } from './state.js'
import type { Storage } from './storage/storage.js'
import type { RegistryWallet, WalletConnect } from './walletConnect/types.js'

/** Feature flags with the defaults of SPEC §9. */
export interface Features {
  swaps: boolean
  onramp: boolean
  receive: boolean
  send: boolean
  email: boolean
  emailShowWallets: boolean
  history: boolean
  analytics: boolean
  allWallets: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  /**
   * The social logins Connect offers, in this order (the first ones as icons, the rest behind
   * 'more'), through the embedded wallet and the site's server; none by default.
   */
  socials: SocialProvider[]
  /** Order of the connection sections; unknown to SPEC defaults are appended. */
  connectorTypeOrder: ConnectorSection[]
  walletFeaturesOrder: WalletFeature[]
  connectMethodsOrder: ConnectMethod[]
}

export type ConnectorSection =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'
export type ConnectMethod = 'wallet' | 'email' | 'social'

/** SPEC §9: connector order default. */
export const DEFAULT_CONNECTOR_ORDER: readonly ConnectorSection[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]
/** SPEC §9: wallet feature order. */
export const DEFAULT_WALLET_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']
/** SPEC §9: default connect method order. */
export const DEFAULT_CONNECT_METHODS_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']

/** SPEC §9: features on and off by default. */
export const DEFAULT_FEATURES: Readonly<Features> = {
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  socials: [],
  connectorTypeOrder: [...DEFAULT_CONNECTOR_ORDER],
  walletFeaturesOrder: [...DEFAULT_WALLET_FEATURES_ORDER],
  connectMethodsOrder: [...DEFAULT_CONNECT_METHODS_ORDER],
}

export interface Metadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

export interface PorticoConfig {
  /** The networks the site supports, across namespaces. At least one. */
  networks: readonly [Network, ...Network[]]
  adapters?: readonly AdapterFactory[]
  /** Network to start on; the first network otherwise. */
  defaultNetwork?: Network
  metadata?: Metadata
  /** The project registered on a Portico server. Needed only with `apiUrl`. */
  projectId?: string
  /** Base URL of a Portico server. Without it no request leaves the page for Portico. */
  apiUrl?: string
  features?: Partial<Features>
  /** Reverse-domain ids of wallets never to show (e.g. `io.metamask`). */
  excludeWalletIds?: readonly string[]
  /** Reverse-domain ids shown first among installed wallets, in this order. */
  featuredWalletIds?: readonly string[]
  /**
   * The site's own wallets, listed in the `custom` section of `connectorTypeOrder` (Connect and
   * AllWallets) and reached over WalletConnect with their links, like registry wallets: `mobile` /
   * `desktop` open the app with the pairing, `homepage` and `install` are shown to visitors without it.
   * A wallet whose id or reverse-domain id an adapter already offers is not listed twice.
   * @example [{ id: 'com.example.wallet', name: 'Example Wallet', namespaces: ['eip155'], mobile: { universal: 'https://wallet.example.com' } }]
   */
  customWallets?: readonly RegistryWallet[]
  /**
   * With `features.legalCheckbox`: the site's terms and privacy policy (https), linked from the
   * checkbox the visitor ticks before any way of connecting is enabled.
   */
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  /** Let the wallet sit on a network the site does not list without opening UnsupportedChain. */
  allowUnsupportedChain?: boolean
  /** Embedded mode: the modal lives inside the page; closing returns to Account or Connect. */
  enableEmbedded?: boolean
  /**
   * The modal closes once a wallet connects in it (signed in when sign-in is required, on a listed
   * network); `true` keeps it open on Account instead. Embedded mode always shows Account.
   */
  keepOpenAfterConnect?: boolean
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  /** Where state is kept; localStorage in a browser, memory otherwise. */
  storage?: Storage
  /** Set when rendering on a server: state is restored only when `initialize` runs in the browser. */
  ssr?: boolean
  /** Overrides small-screen detection (tests, native shells). */
  isMobile?: () => boolean
  logger?: Logger
  /** SDK identification sent with analytics (`st`, `sv`). */
  sdkType?: string
  sdkVersion?: string
  /** Sign-in with a wallet after connecting (SPEC §4); `createSiwx` from `@portico/siwx` builds one. */
  siwx?: SiwxConfig
  /** The embedded (e-mail) wallet; `@portico/embedded-wallet` builds one. Offered when `features.email` is on. */
  embeddedWallet?: EmbeddedWallet
  /** Mobile wallets over WalletConnect; `@portico/walletconnect` builds one. */
  walletConnect?: WalletConnect
  /**
   * Wallets AllWallets lists after the installed ones (`REGISTRY_WALLETS` from
   * `@portico/walletconnect/registry`), or a function that loads them when the modal first opens,
   * which keeps the list out of the page's first download:
   * `() => import('@portico/walletconnect/registry').then((m) => m.REGISTRY_WALLETS)`. Passing one
   * also lets a configured Portico server refresh it; without one, no registry is shown or fetched.
   */
  walletRegistry?: readonly RegistryWallet[] | (() => Promise<readonly RegistryWallet[]>)
  /**
   * The site's own portfolio and activity services, used instead of the Portico server's (each
   * one left out keeps the server's when `apiUrl` is set). See `PortfolioService` and
   * `ActivityService`.
   */
  services?: PorticoServices
  /**
   * Buying with a card (SPEC §9): the providers the site registered with, by their public key
   * (MoonPay's publishable `pk_…` key, Mercuryo's widget id). Their secrets go in the Portico
   * server's config only; it signs each widget URL. Offered with `features.onramp` and `apiUrl`.
   */
  onramp?: { moonpay?: { apiKey: string }; mercuryo?: { widgetId: string } }
  /**
   * Names (ENS, eip155 only): where `ipfs://` avatars are fetched from (an https gateway such as
   * `https://ipfs.io/ipfs/`; without one they are not shown) and the largest avatar accepted
   * (512 KiB by default). The name service itself is the EVM adapter's (`evm({ ens })`).
   */
  names?: { ipfsGateway?: string; avatarMaxBytes?: number }
}

/** The config after defaults are applied. */
export interface ResolvedOptions {
  metadata: Metadata | undefined
  projectId: string | undefined
  apiUrl: string | undefined
  features: Features
  excludeWalletIds: readonly string[]
  featuredWalletIds: readonly string[]
  allowUnsupportedChain: boolean
  enableEmbedded: boolean
  keepOpenAfterConnect: boolean
  defaultNetworkId: CaipNetworkId
  sdkType: string
  sdkVersion: string
}

/** Merges a configured order with a default: configured entries first, the rest in default order. */
export function mergeOrder<T>(configured: readonly T[] | undefined, defaults: readonly T[]): T[] {
  const first = (configured ?? []).filter((item, index, all) => all.indexOf(item) === index)
  return [...first, ...defaults.filter((item) => !first.includes(item))]
}

/** Applies SPEC §9 defaults to a config. */
export function resolveFeatures(features: Partial<Features> | undefined): Features {
  return {
    ...DEFAULT_FEATURES,
    ...features,
    connectorTypeOrder: mergeOrder(features?.connectorTypeOrder, DEFAULT_CONNECTOR_ORDER),
    walletFeaturesOrder: mergeOrder(features?.walletFeaturesOrder, DEFAULT_WALLET_FEATURES_ORDER),
    connectMethodsOrder: mergeOrder(features?.connectMethodsOrder, DEFAULT_CONNECT_METHODS_ORDER),
    // Known providers only, each once, in the site's order.
    socials: [...new Set(features?.socials ?? [])].filter((provider) => SOCIAL_PROVIDERS.includes(provider)),
  }
}
