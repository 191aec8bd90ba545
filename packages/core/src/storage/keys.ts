import { decimalString, tokenBalance } from '../api/answerChecks.js'
import { CHAIN_NAMESPACES, isCaipNetworkId } from '../network/caip.js'
import {
  arrayOf,
  boolean,
  number,
  object,
  oneOf,
  recordOf,
  string,
  stringWhere,
  unknown,
  type ValueCheck,
} from '../valueCheck.js'

/** Version of the stored layout; bump it when a value's shape changes incompatibly. */
export const STORAGE_VERSION = 1
export const STORAGE_PREFIX = `portico:v${STORAGE_VERSION}:`

const namespace = oneOf(CHAIN_NAMESPACES)
const caipNetworkId = stringWhere((value) => isCaipNetworkId(value))
const cached = <T>(value: ValueCheck<T>) => object({ timestamp: number, value })

/** Every key of SPEC §3 "Local storage", with the check its value must pass when read back. */
export const storageSchemas = {
  // Flags and identity
  emailLoginUsed: boolean,
  email: string,
  lastEmailLoginTime: number,
  socialUsername: string,
  /** A Farcaster account's picture (its record, checked again before it is shown), kept with the username. */
  socialImage: string,
  // Network and chain
  lastUsedChainId: caipNetworkId,
  smartAccountEnabledNetworks: arrayOf(number),
  activeNamespace: namespace,
  activeCaipNetworkId: caipNetworkId,
  connectedNamespaces: arrayOf(namespace),
  /**
   * Per namespace, the connector it was connected through, with its type: a reload waits for a
   * connector by its type's bound before the adapter lists it (its code may load late).
   */
  connections: recordOf(object({ connectorId: string }, { name: string, type: string })),
  connectionStatus: oneOf(['disconnected', 'connecting', 'reconnecting', 'connected']),
  // Wallets and sign-in
  recentWallets: arrayOf(object({ id: string, name: string, namespace }, { imageUrl: string })),
  socialProvider: string,
  /**
   * A social login that left the page by a full-page redirect (its popup was blocked): which
   * provider, the page to come back to, and when it left (an old one is dropped).
   */
  socialRedirect: object({ provider: string, returnUrl: string, startedAt: number }),
  siwxTokens: recordOf(string),
  // Caches, each with a timestamp
  /** Per CAIP-10 account, its token balances (SPEC §9: 30 s). */
  portfolioCache: recordOf(cached(arrayOf(tokenBalance))),
  /** Per CAIP-10 account, its native balance in whole tokens, exact (SPEC §9: 30 s). */
  nativeBalanceCache: recordOf(cached(decimalString)),
  ensCache: recordOf(cached(string)),
  identityCache: recordOf(cached(unknown)),
  /**
   * The wallet registry last fetched from the Portico server (a day). Each wallet is checked
   * against the registry contract when read, which is loaded only then to keep core small.
   */
  walletRegistryCache: cached(arrayOf(unknown)),
} as const

export type StorageKey = keyof typeof storageSchemas
export type StorageValue<K extends StorageKey> = ReturnType<(typeof storageSchemas)[K]>
