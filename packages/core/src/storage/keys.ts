import * as z from 'zod/mini'
import { decimalStringSchema, tokenBalanceSchema } from '../api/schemas.js'
import { CHAIN_NAMESPACES, isCaipNetworkId } from '../network/caip.js'

/** Version of the stored layout; bump it when a value's shape changes incompatibly. */
export const STORAGE_VERSION = 1
export const STORAGE_PREFIX = `portico:v${STORAGE_VERSION}:`

const namespace = z.enum(CHAIN_NAMESPACES)
const caipNetworkId = z.string().check(z.refine((value) => isCaipNetworkId(value)))
const cached = <T extends z.core.$ZodType>(value: T) => z.object({ timestamp: z.number(), value })

/** Every key of SPEC §3 "Local storage", with the schema its value must match when read back. */
export const storageSchemas = {
  // Flags and identity
  emailLoginUsed: z.boolean(),
  email: z.string(),
  lastEmailLoginTime: z.number(),
  socialUsername: z.string(),
  // Network and chain
  lastUsedChainId: caipNetworkId,
  smartAccountEnabledNetworks: z.array(z.number()),
  activeNamespace: namespace,
  activeCaipNetworkId: caipNetworkId,
  connectedNamespaces: z.array(namespace),
  /** Per namespace, the connector it was connected through. */
  connections: z.record(z.string(), z.object({ connectorId: z.string(), name: z.optional(z.string()) })),
  connectionStatus: z.enum(['disconnected', 'connecting', 'reconnecting', 'connected']),
  // Wallets and sign-in
  recentWallets: z.array(
    z.object({ id: z.string(), name: z.string(), namespace, imageUrl: z.optional(z.string()) }),
  ),
  socialProvider: z.string(),
  siwxTokens: z.record(z.string(), z.string()),
  // Caches, each with a timestamp
  /** Per CAIP-10 account, its token balances (SPEC §9: 30 s). */
  portfolioCache: z.record(z.string(), cached(z.array(tokenBalanceSchema))),
  /** Per CAIP-10 account, its native balance in whole tokens, exact (SPEC §9: 30 s). */
  nativeBalanceCache: z.record(z.string(), cached(decimalStringSchema)),
  ensCache: z.record(z.string(), cached(z.string())),
  identityCache: z.record(z.string(), cached(z.unknown())),
  /**
   * The wallet registry last fetched from the Portico server (a day). Each wallet is checked
   * against the registry contract when read, which is loaded only then to keep core small.
   */
  walletRegistryCache: cached(z.array(z.unknown())),
} as const

export type StorageKey = keyof typeof storageSchemas
export type StorageValue<K extends StorageKey> = z.infer<(typeof storageSchemas)[K]>
