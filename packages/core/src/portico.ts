import type { Adapter, Logger, NameRecord, NamesCapability } from './adapterKit/contract.js'
import type { ResolvedServices } from './api/serviceTypes.js'
import type { Features, PorticoConfig, ResolvedOptions } from './config.js'
import type { DomainEvent } from './domainEvent.js'
import type { ChainNamespace, Network } from './network/types.js'
import type {
  ActivityState,
  Alert,
  ChainState,
  ConnectionState,
  ConnectorsState,
  EmailLoginState,
  FarcasterLoginState,
  ModalState,
  NamesState,
  NftsState,
  RouterState,
  SendState,
  SiwxState,
  SocialLoginState,
  SwapState,
  ThemeState,
  Toast,
  WalletConnectState,
  WalletRegistryState,
} from './state.js'
import type { TypedStorage } from './storage/typedStorage.js'
import type { GetSwapQuoteReturnType, SwapService } from './swap/swapTypes.js'

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
  /** The active account's transactions and the ones sent from the modal (SPEC §3). */
  activity: ActivityState
  /** The send form and the last transaction sent from it (SPEC §3 Send state). */
  send: SendState
  /** The swap form, its quote and its transactions (SPEC §3 Swap state). */
  swap: SwapState
  /** Sign-in with a wallet for the active account (SPEC §4). */
  siwx: SiwxState
  /** The e-mail login of the embedded wallet (SPEC §5). */
  emailLogin: EmailLoginState
  /** The social login, once the feature first runs (`social/socialLoginState.ts`). */
  socialLogin?: SocialLoginState
  /** A Farcaster login of the embedded wallet (SPEC §2 ConnectingFarcaster), once one first starts. */
  farcasterLogin?: FarcasterLoginState
  /** A WalletConnect pairing in progress. */
  walletConnect: WalletConnectState
  /** The wallet registry behind AllWallets, as last fetched (SPEC §2). */
  walletRegistry: WalletRegistryState
  /** The NFTs tab (SPEC §2), once `@portico/core/nfts` first loads it. */
  nfts?: NftsState
  /** The account-name registration form (SPEC §3 name service), once `@portico/core/names` first loads it. */
  names?: NamesState
}

/** Analytics event as tracked by actions; serialised per SPEC §7 by the analytics client. */
export interface AnalyticsEvent {
  type: 'track'
  event: string
  properties?: Record<string, unknown>
}

/**
 * Non-reactive parts of an instance: adapters, timers, storage, counters. Core's own bookkeeping,
 * not an API: it changes without notice. UI layers and sites use the actions and reads (`getLogger`
 * for the logger); the React layer's check in `scripts/importRules.mjs` fails on any use of it.
 *
 * @internal
 */
/** @internal The names feature's bookkeeping (`names/namesCache.ts`). */
export interface NamesInternal {
  identityRequest: number
  /** Avatar images by record, for the ENS cache time (SPEC §9: 5 min). */
  images: Map<string, { timestamp: number; value: Promise<string | undefined> }>
  /** Receiver names resolved, with their avatar record, by network and name (5 min). */
  resolved: Map<string, { timestamp: number; value: NameRecord }>
}

export interface PorticoInternal {
  adapters: Map<ChainNamespace, Adapter>
  storage: TypedStorage
  logger: Logger
  isBrowser: boolean
  isMobile: () => boolean
  /** Incremented by every connect and cancel; a result from an older attempt is ignored. */
  connectAttempt: number
  /** Ends the wait of the connect attempt in progress (a cancel, or a newer attempt). */
  connectCancel: (() => void) | undefined
  /** Incremented per balance fetch per namespace, for the same reason. */
  balanceRequest: Partial<Record<ChainNamespace, number>>
  /** The CAIP-10 account each namespace's native `balance` was read for. */
  balanceOwner: Partial<Record<ChainNamespace, string>>
  /** Incremented per token balance fetch per namespace; an older reply is dropped. */
  tokenBalanceRequest: Partial<Record<ChainNamespace, number>>
  /** The CAIP-10 account each namespace's `tokenBalance` belongs to. */
  tokenBalanceOwner: Partial<Record<ChainNamespace, string>>
  /** Namespaces with a token balance fetch on its way; `balanceLoading` stays set until it ends. */
  tokenBalanceFetching: Set<ChainNamespace>
  /** Incremented per activity fetch and on every reset; an older reply is dropped. */
  activityRequest: number
  /** Incremented per NFTs fetch and on every reset; an older reply is dropped. */
  nftsRequest?: number
  /** The registration form's pending availability check (`setAccountNameLabel`). */
  nameCheckTimer?: ReturnType<typeof setTimeout> | undefined
  /**
   * The CAIP-10 account each namespace's `profileName` / `profileImage` belong to, set before the
   * identity code loads so a name of the previous account never shows for this one.
   */
  identityOwner?: Partial<Record<ChainNamespace, string | undefined>>
  /** The names feature's requests and caches, created by its first use (`names/namesCache.ts`). */
  names?: NamesInternal
  /** Each adapter's name service once `loadNames` gave it (`names/loadNamesCapability.ts`). */
  namesCapabilities?: WeakMap<Adapter, NamesCapability>
  /** Incremented per fee estimate and on every send reset; an older estimate is dropped. */
  sendFeeRequest: number
  /** Incremented by every send and by `cancelSend`; a wallet answer for an older send leaves the form alone. */
  sendAttempt: number
  /** Stops the send form's flow once `startSendForm` started it. */
  stopSendForm: (() => void) | undefined
  /** Incremented per swap quote and on every swap reset; an older quote is dropped. */
  swapQuoteRequest: number
  /** Incremented by every swap submission and reset; a wallet answer for an older one leaves the form alone. */
  swapAttempt: number
  /** Stops the swap form's flow once `startSwapForm` started it. */
  stopSwapForm: (() => void) | undefined
  /** The quote the swap form shows, as `getSwapQuote` answered it; what the preview sends. */
  swapQuote?: GetSwapQuoteReturnType | undefined
  /** The swap service, resolved on first use (`getSwapService`). */
  swapService?: SwapService | undefined
  /** Incremented by every sign-in check and account change; an older check's answer is dropped. */
  siwxCheck: number
  /** Incremented by every sign-in request and cancel; an older request's answer is dropped. */
  siwxAttempt: number
  /** Ends the wait of the sign-in request in progress (a cancel, or an account change). */
  siwxCancel: (() => void) | undefined
  /** Incremented by every e-mail login step and reset; an older step's answer is dropped. */
  emailLoginAttempt: number
  /** Incremented by every social login and cancel; an older login's answers are dropped. */
  socialLoginAttempt?: number
  /** Leaves the social login in progress; set by its code when a login starts (see `subViews`). */
  cancelSocialLogin?: ((portico: Portico) => void) | undefined
  /** Forgets the connected account's social login on disconnect; set with the social slice. */
  clearSocialLogin?: ((portico: Portico) => void) | undefined
  /** Incremented by every Farcaster login and leave; an older attempt's answer is dropped. */
  farcasterLoginAttempt?: number
  /** Leaves ConnectingFarcaster (SPEC §2); set with the Farcaster slice (see `subViews`). */
  leaveFarcasterLogin?: ((portico: Portico) => void) | undefined
  /** The re-sync of the frame 100 ms after leaving ConnectingFarcaster (SPEC §2, §9). */
  farcasterResync?: ReturnType<typeof setTimeout> | undefined
  /** The WalletConnect pairing in progress, aborted when the visitor leaves its view. */
  walletConnectPairing: AbortController | undefined
  /** The other namespaces of a multi-chain wallet connecting after the picked one (tests await it). */
  siblingConnection: Promise<void> | undefined
  /** The portfolio and activity services, resolved on first use, and the networks they refused. */
  services?: ResolvedServices
  /** When the modal last opened (`Date.now()`): a pointer close sooner than `MODAL_CLOSE_GUARD_MS` is ignored. */
  modalOpenedAt: number | undefined
  /**
   * Set by a connection made in the modal (`closeAfterConnecting`): it closes once connected, signed
   * in if needed, on a listed network. A function, not a flag, so the rule's code comes with the
   * connection's chunk: what runs it on a later event (sign-in, network change) only calls it.
   */
  closeAfterConnect: ((portico: Portico) => void) | undefined
  /** Server refusal codes whose alert was shown already: each is shown once per instance. */
  apiAlertsShown: Set<string>
  /** Where domain code reports what the modal layer shows (`DomainEvent`). */
  onDomainEvent: (event: DomainEvent) => void
  timers: Partial<Record<'shake' | 'alert' | 'toast', ReturnType<typeof setTimeout> | undefined>>
  nextId: number
  initialization: Promise<void> | undefined
  /** The waits for stored connections still coming back, by namespace; aborting one cancels it. */
  reconnects: Map<ChainNamespace, AbortController>
  track: (event: AnalyticsEvent) => void
  /** Functions run by `destroy`. */
  cleanups: (() => void)[]
}

/** One Portico instance: create it once per page (or per test) with `createPortico`. */
export interface Portico {
  readonly state: PorticoState
  readonly options: ResolvedOptions
  readonly config: PorticoConfig
  /** @internal Core's own bookkeeping (see `PorticoInternal`); not for sites or UI layers. */
  readonly internal: PorticoInternal
}

export type { Features }
