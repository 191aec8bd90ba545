import type { ChainNamespace } from '../network/types.js'
import type { SiwxSession } from '../siwx/types.js'

/** What one namespace asks a WalletConnect wallet for (CAIP-25 required namespace). */
export interface WalletConnectNamespaceRequest {
  /** CAIP-2 ids, e.g. `eip155:1`. */
  chains: readonly string[]
  methods: readonly string[]
  events: readonly string[]
}

/** A pairing to show as a QR code or open as a deep link; a new one replaces it when it expires. */
export interface WalletConnectPairing {
  /** The `wc:` URI. */
  uri: string
  /** When the pairing stops working (ms since the epoch). */
  expiresAt: number
}

/** The approved session, as core and the adapters need it. */
export interface WalletConnectSession {
  /** CAIP-10 accounts the wallet approved, across namespaces (`eip155:1:0xab…`). */
  accounts: readonly string[]
  /** The wallet's own metadata, as it announced itself. */
  peer: { name: string; url?: string; icons: readonly string[] }
}

/**
 * A sign-in to have signed while pairing (SPEC §5, §7 universal-provider authenticate): the fields of
 * the site's CAIP-122 message without the account, which the wallet fills in. Only eip155 chains.
 */
export interface WalletConnectAuthRequest {
  /** CAIP-2 chains the wallet may sign in on (of `authenticationChains()`), the preferred one first. */
  chains: readonly string[]
  domain: string
  uri: string
  nonce: string
  statement?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/** A session the wallet approved, with the sign-ins it signed while pairing (if it was asked for any). */
export interface WalletConnectConnection extends WalletConnectSession {
  /**
   * The sign-ins the wallet signed, one per chain it chose, each with the exact text it signed. Absent
   * when none was asked for or when the wallet only approved the session (it does not support
   * sign-in while pairing): the site then asks for a signature as usual.
   */
  signIns?: readonly SiwxSession[]
}

/** What the wallet did on its side. */
export type WalletConnectEvent =
  | { type: 'accountsChanged'; accounts: readonly string[] }
  | { type: 'chainChanged'; chainId: string }
  | { type: 'disconnect' }

/**
 * Mobile wallets over WalletConnect, one session for every namespace (SPEC §4, §5, §7).
 * `@portico/walletconnect` builds one and loads the WalletConnect client only when a pairing starts
 * or a stored session is restored. Adapters register what their namespace asks for and offer a
 * WALLET_CONNECT connector over it.
 */
export interface WalletConnect {
  /** Adds a namespace's chains, methods and events to what a new pairing asks for. */
  registerNamespace(namespace: ChainNamespace, request: WalletConnectNamespaceRequest): void
  /**
   * Pairs with a wallet for every registered namespace. `onPairing` receives the URI to show, and a
   * new one each time the previous expires. Resolves once the wallet approves; rejects with core's
   * `UserRejectedRequestError` when it refuses, and with an abort error when `signal` aborts. With
   * `authenticate`, the wallet is also asked to sign the site in, in the same step.
   */
  connect(parameters: {
    onPairing: (pairing: WalletConnectPairing) => void
    signal?: AbortSignal
    authenticate?: WalletConnectAuthRequest
  }): Promise<WalletConnectConnection>
  /**
   * The chains a pairing can also sign the site in on (SPEC §5: only when every namespace asked for
   * is eip155); empty when sign-in while pairing is not possible. Without it, never.
   */
  authenticationChains?(): readonly string[]
  /**
   * Restores the stored session (after a reload), or undefined when there is none or it expired:
   * only that is taken as the session being gone. A rejection (the client or the relay not
   * answering in time) leaves the session stored for the next page load.
   */
  reconnect(): Promise<WalletConnectSession | undefined>
  /** The current session, if any. */
  getSession(): WalletConnectSession | undefined
  /** Sends a wallet request for one CAIP-2 chain. Rejects with 4001 when the visitor declines in the wallet. */
  request(parameters: { chainId: string; method: string; params?: unknown }): Promise<unknown>
  /** Ends the session, for every namespace (SPEC §4). */
  disconnect(): Promise<void>
  /** Calls `listener` with what the wallet does on its side; returns an unsubscribe. */
  subscribe(listener: (event: WalletConnectEvent) => void): () => void
}

/** A wallet of the registry behind AllWallets (SPEC §2): what is needed to list it and to reach it. */
export interface RegistryWallet {
  /** Stable id (the reverse-domain id when the wallet has one). */
  id: string
  name: string
  /** `data:image/…` or an `https:` URL; anything else is dropped. */
  imageUrl?: string
  /** EIP-6963 / Wallet Standard reverse-domain id, to match an installed copy. */
  rdns?: string
  namespaces: readonly ChainNamespace[]
  /** How a phone opens it with a pairing URI: a custom scheme and/or an https universal link. */
  mobile?: { native?: string; universal?: string }
  /** How a desktop app opens it, when it has one. */
  desktop?: { native?: string; universal?: string }
  homepage?: string
  /**
   * Where to get the wallet, per platform (https store pages): the browser extension stores and the
   * phone app stores. Get a wallet lists them for visitors who have none.
   */
  install?: WalletInstallLinks
}

/** A wallet's install pages per platform, each an https URL. */
export interface WalletInstallLinks {
  chrome?: string
  firefox?: string
  edge?: string
  safari?: string
  ios?: string
  android?: string
}

/** The platforms of `WalletInstallLinks`, in the order Get a wallet shows them. */
export const WALLET_INSTALL_PLATFORMS = ['chrome', 'firefox', 'edge', 'safari', 'ios', 'android'] as const
