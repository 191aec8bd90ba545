import { type Connector, isSafeImageUrl, type Logger } from '@portico/core'
import {
  createWalletStandardDiscovery,
  getWalletStandardConnectorId,
  type WalletDiscovery,
  type WalletStandardRegistry,
  type WalletStandardTarget,
} from '@portico/core/adapter-kit'
import { isSolanaWallet, type Wallet } from './walletStandard.js'

/** The part of `window` discovery needs; tests pass an `EventTarget`. */
export type DiscoveryTarget = WalletStandardTarget

/** What the app hands wallets: `register` adds them and returns the function that removes them. */
export type WalletRegistry = WalletStandardRegistry

export type Discovery = WalletDiscovery<Wallet>

/** A wallet icon is shown only as an image data URI or an https URL (core's one picture check). */
export const isSafeIconUrl = isSafeImageUrl

/** The connector id of a Wallet Standard wallet: its name, which is all the standard makes unique. */
export const getWalletConnectorId = getWalletStandardConnectorId

/** Finds Solana wallets by the Wallet Standard's register protocol (the kit's discovery, kept to Solana's). */
export function createDiscovery(options: {
  window: DiscoveryTarget
  logger: Logger
  onChange: (connectors: readonly Connector[]) => void
  /** The site's own Wallet Standard wallets, listed as EXTERNAL connectors. */
  external?: readonly Wallet[]
}): Discovery {
  return createWalletStandardDiscovery({ ...options, namespace: 'solana', accepts: isSolanaWallet })
}
