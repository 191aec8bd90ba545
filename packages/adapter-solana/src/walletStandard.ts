// Solana's features on the Wallet Standard (github.com/wallet-standard) that the adapter uses,
// written out here so the package needs no @wallet-standard dependency; the standard's own part
// (the wallet object, `standard:` features, discovery) is the adapter kit's.
import {
  getWalletFeature,
  isWalletStandardWallet,
  STANDARD_CONNECT,
  STANDARD_EVENTS,
  type WalletStandardAccount,
  type WalletStandardWallet,
} from '@portico/core/adapter-kit'

export type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsChange,
  StandardEventsFeature,
} from '@portico/core/adapter-kit'
export { STANDARD_CONNECT, STANDARD_DISCONNECT, STANDARD_EVENTS } from '@portico/core/adapter-kit'

/** An account a wallet exposes. */
export type WalletAccount = WalletStandardAccount

/** A wallet as it registers itself; `features` holds the feature objects by name. */
export type Wallet = WalletStandardWallet

export type TransactionVersion = 'legacy' | 0

export interface SolanaSignMessageFeature {
  readonly version: string
  signMessage(
    ...inputs: { account: WalletAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}

/** SPEC §5 sign-and-send options, as the Solana Wallet Standard passes them. */
export interface SolanaTransactionOptions {
  skipPreflight?: boolean
  preflightCommitment?: SolanaCommitment
  maxRetries?: number
  minContextSlot?: number
}

export type SolanaCommitment =
  | 'processed'
  | 'confirmed'
  | 'finalized'
  | 'recent'
  | 'single'
  | 'singleGossip'
  | 'root'
  | 'max'

export interface SolanaSignTransactionFeature {
  readonly version: string
  readonly supportedTransactionVersions?: readonly TransactionVersion[]
  signTransaction(
    ...inputs: {
      account: WalletAccount
      transaction: Uint8Array
      chain?: string
      options?: { preflightCommitment?: SolanaCommitment; minContextSlot?: number }
    }[]
  ): Promise<readonly { signedTransaction: Uint8Array }[]>
}

export interface SolanaSignAndSendTransactionFeature {
  readonly version: string
  readonly supportedTransactionVersions?: readonly TransactionVersion[]
  signAndSendTransaction(
    ...inputs: {
      account: WalletAccount
      transaction: Uint8Array
      chain: string
      options?: SolanaTransactionOptions
    }[]
  ): Promise<readonly { signature: Uint8Array }[]>
}

export const SOLANA_SIGN_MESSAGE = 'solana:signMessage'
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction'
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction'

/** The feature `name` of `wallet` when it has the method `method`, else undefined. */
export const getFeature = getWalletFeature

/** Whether a value is a Wallet Standard wallet object with a name, chains and features. */
export const isWallet = isWalletStandardWallet

/**
 * A wallet Portico can use for Solana: it connects, reports changes, lists a Solana chain and can
 * sign a message or a transaction.
 */
export function isSolanaWallet(wallet: Wallet): boolean {
  return (
    getFeature(wallet, STANDARD_CONNECT, 'connect') !== undefined &&
    getFeature(wallet, STANDARD_EVENTS, 'on') !== undefined &&
    wallet.chains.some((chain) => typeof chain === 'string' && chain.startsWith('solana:')) &&
    (getFeature(wallet, SOLANA_SIGN_MESSAGE, 'signMessage') !== undefined ||
      getFeature(wallet, SOLANA_SIGN_TRANSACTION, 'signTransaction') !== undefined)
  )
}
