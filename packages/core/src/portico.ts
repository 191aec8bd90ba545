import type { Features, PorticoConfig, ResolvedOptions } from './config.js'
import type { TypedStorage } from './storage/typedStorage.js'
import type { Adapter, Logger } from './types/adapter.js'
import type { ChainNamespace, Network } from './types/network.js'
import type {
  Alert,
  ChainState,
  ConnectionState,
  ConnectorsState,
  ModalState,
  RouterState,
  ThemeState,
  Toast,
} from './types/state.js'

/** All reactive state of one instance (valtio proxy). Only actions write it. */
export interface PorticoState {
  modal: ModalState
  router: RouterState
  networks: Network[]
  chains: Partial<Record<ChainNamespace, ChainState>>
  connectors: ConnectorsState
  connection: ConnectionState
  theme: ThemeState
  alert: { current: Alert | undefined }
  toast: { current: Toast | undefined }
}

/** Analytics event as tracked by actions; serialised per SPEC §7 by the analytics client. */
export interface AnalyticsEvent {
  type: 'track'
  event: string
  properties?: Record<string, unknown>
}

/** Non-reactive parts of an instance: adapters, timers, storage, counters. */
export interface PorticoInternal {
  adapters: Map<ChainNamespace, Adapter>
  storage: TypedStorage
  logger: Logger
  isBrowser: boolean
  isMobile: () => boolean
  /** Incremented by every connect and cancel; a result from an older attempt is ignored. */
  connectAttempt: number
  /** Incremented per balance fetch per namespace, for the same reason. */
  balanceRequest: Partial<Record<ChainNamespace, number>>
  timers: Partial<Record<'shake' | 'alert' | 'toast', ReturnType<typeof setTimeout> | undefined>>
  nextId: number
  initialization: Promise<void> | undefined
  track: (event: AnalyticsEvent) => void
  /** Functions run by `destroy`. */
  cleanups: (() => void)[]
  /** Memoised derived reads, keyed by reader name. */
  memo: Map<string, { deps: readonly unknown[]; value: unknown }>
}

/** One Portico instance: create it once per page (or per test) with `createPortico`. */
export interface Portico {
  readonly state: PorticoState
  readonly options: ResolvedOptions
  readonly config: PorticoConfig
  readonly internal: PorticoInternal
}

export type { Features }
