import type { Logger, WalletConnect } from '@portico/core'
import type { WalletConnectStorage } from './createMemoryStorage.js'

// What `createWalletConnect` takes and returns, and its defaults: shared by the small eager part and
// the service it loads on first use, which must not import each other.

/**
 * WalletConnect's public relay. Any relay speaking the WalletConnect v2 relay protocol can replace it
 * through `relayUrl` (a self-hosted one, or a local one in tests).
 */
export const DEFAULT_RELAY_URL = 'wss://relay.walletconnect.org'
/** How long a pairing URI is shown before a new one replaces it (WalletConnect's own pairing expiry). */
export const DEFAULT_PAIRING_TTL_MS = 5 * 60_000
/** How long a request waits for the wallet before it fails with ProviderTimeoutError. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 5 * 60_000
/** How long a pairing waits for the relay before it fails with WalletConnectRelayError. */
export const DEFAULT_RELAY_TIMEOUT_MS = 10_000
/** Prefix of the WalletConnect client's storage keys, so Portico's client never shares another library's. */
export const DEFAULT_STORAGE_PREFIX = 'portico'

/** The site as a wallet shows it while asking the visitor to connect. */
export interface WalletConnectMetadata {
  name: string
  description: string
  /** The site's origin; wallets compare it with where the pairing came from. */
  url: string
  icons: string[]
  redirect?: { native?: string; universal?: string }
}

export interface CreateWalletConnectParameters {
  projectId: string
  /** Defaults to {@link DEFAULT_RELAY_URL}. */
  relayUrl?: string
  metadata: WalletConnectMetadata
  /**
   * Where sessions are kept across reloads. Browsers default to WalletConnect's own IndexedDB-backed
   * storage; elsewhere (Node, tests) to memory.
   */
  storage?: WalletConnectStorage
  /** Defaults to {@link DEFAULT_STORAGE_PREFIX}. */
  storagePrefix?: string
  /** Defaults to {@link DEFAULT_PAIRING_TTL_MS}. */
  pairingTtlMs?: number
  /** Defaults to {@link DEFAULT_REQUEST_TIMEOUT_MS}. */
  requestTimeoutMs?: number
  /** Defaults to {@link DEFAULT_RELAY_TIMEOUT_MS}. */
  relayTimeoutMs?: number
  logger?: Logger
  /**
   * WalletConnect Verify, which lets wallets check the site's domain: on by default (its public
   * server), `false` to skip it (no attestation frame; use it in tests and offline), or a Verify
   * server's URL.
   */
  verify?: boolean | string
}

/** What `createWalletConnect` returns: core's WalletConnect service, and a way to stop it for good. */
export interface WalletConnectService extends WalletConnect {
  /** The chains a pairing can also sign in on: every registered EVM chain, when EVM is all there is. */
  authenticationChains(): readonly string[]
  /**
   * Closes the relay socket and stops the client's timers, keeping the session stored for the next
   * page load (for a site that unmounts Portico, and for tests). The service is unusable afterwards.
   */
  destroy(): Promise<void>
}
