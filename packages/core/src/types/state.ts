import type { TokenBalance } from '../api/schemas.js'
import type { Connector } from './adapter.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './network.js'
import type { Route } from './routes.js'

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity'
export type ThemeMode = 'dark' | 'light'

/** Account state per chain (SPEC §3). Fields later features fill stay undefined until then. */
export interface AccountState {
  currentTab: AccountTab
  /** The account's tokens on the active network (SPEC §3), native first; empty until fetched. */
  tokenBalance: readonly TokenBalance[]
  smartAccountDeployed: boolean
  addressLabels: Record<string, string>
  allAccounts: readonly string[]
  status: ConnectionStatus
  caipAddress: CaipAddress | undefined
  address: string | undefined
  /** Native balance formatted for display, exact (no floating point). */
  balance: string | undefined
  balanceSymbol: string | undefined
  profileName: string | undefined
  profileImage: string | undefined
  user: { email?: string } | undefined
  addressExplorerUrl: string | undefined
  connectedWalletInfo: Pick<Connector, 'id' | 'name' | 'type' | 'imageUrl' | 'rdns'> | undefined
  preferredAccountType: AccountType
  socialProvider: string | undefined
  socialWindow: undefined
  farcasterUrl: string | undefined
  balanceLoading: boolean
  lastRetry: number | undefined
}

/** Network state per chain (SPEC §3). */
export interface NetworkState {
  /** The active network: always one the site lists. */
  caipNetwork: Network | undefined
  /** Set while the connected wallet sits on a network the site does not list. */
  unsupportedCaipNetworkId: CaipNetworkId | undefined
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: readonly number[]
  approvedCaipNetworkIds: readonly CaipNetworkId[]
  requestedCaipNetworks: readonly Network[]
}

export interface ChainState {
  namespace: ChainNamespace
  networkState: NetworkState
  accountState: AccountState
  /** The connector this namespace is connected through. */
  connectorId: string | undefined
}

export interface ModalState {
  loading: boolean
  open: boolean
  selectedNetworkId: CaipNetworkId | undefined
  activeChain: ChainNamespace | undefined
  initialized: boolean
  /** True for 500 ms when the modal refuses something (SPEC §3, §9). */
  shake: boolean
}

export interface RouterState {
  route: Route
  history: Route[]
}

/** Why the last connection attempt did not finish. */
export interface ConnectionError {
  kind: 'rejected' | 'failed' | 'timeout'
  message: string
}

export interface ConnectionState {
  status: ConnectionStatus
  /** The connector of the attempt in progress or of the last failed attempt. */
  connectingConnectorId: string | undefined
  error: ConnectionError | undefined
  /** Set while switching to a network of another namespace (SPEC §4). */
  switchingNamespace: boolean
  /** The network a switch is waiting on in the wallet, and why the last switch failed. */
  pendingNetworkId: CaipNetworkId | undefined
  switchError: string | undefined
}

export interface RecentWallet {
  id: string
  name: string
  namespace: ChainNamespace
  imageUrl?: string | undefined
}

export interface ConnectorsState {
  byNamespace: Partial<Record<ChainNamespace, readonly Connector[]>>
  recent: readonly RecentWallet[]
}

export type AlertVariant = 'error' | 'warning' | 'info'
export interface Alert {
  id: number
  message: string
  variant: AlertVariant
  code?: number | string
}

export type ToastVariant = 'success' | 'error' | 'loading'
export interface Toast {
  id: number
  message: string
  variant: ToastVariant
  /** Loading toasts stay until replaced or dismissed. */
  autoClose: boolean
}

export interface ThemeVariables {
  /** Accent colour, any CSS colour. */
  accent?: string
  fontFamily?: string
  /** Base corner radius in px. */
  borderRadius?: number
  zIndex?: number
  /** A colour mixed into the surfaces, and how much (0–100). */
  colorMix?: string
  colorMixStrength?: number
}

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}
