// The parts of the Wallet Standard (github.com/wallet-standard) and of Solana's features on it
// that the adapter uses, written out here so the package needs no @wallet-standard dependency.

/** An account a wallet exposes. */
export interface WalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** A wallet as it registers itself; `features` holds the feature objects by name. */
export interface Wallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly WalletAccount[]
}

export type TransactionVersion = 'legacy' | 0

export interface StandardConnectFeature {
  readonly version: string
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly WalletAccount[] }>
}

export interface StandardDisconnectFeature {
  readonly version: string
  disconnect(): Promise<void>
}

export interface StandardEventsChange {
  readonly accounts?: readonly WalletAccount[]
  readonly chains?: readonly string[]
  readonly features?: Readonly<Record<string, unknown>>
}

export interface StandardEventsFeature {
  readonly version: string
  on(event: 'change', listener: (properties: StandardEventsChange) => void): () => void
}

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

export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage'
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction'
export const SOLANA_SIGN_AND_SEND_TRANSACTION = 'solana:signAndSendTransaction'

/** The feature `name` of `wallet` when it has the method `method`, else undefined. */
export function getFeature<T>(wallet: Wallet, name: string, method: string): T | undefined {
  const feature = (wallet.features as Record<string, unknown>)[name]
  if (typeof feature !== 'object' || feature === null) return undefined
  return typeof (feature as Record<string, unknown>)[method] === 'function' ? (feature as T) : undefined
}

/** Whether a value is a Wallet Standard wallet object with a name, chains and features. */
export function isWallet(value: unknown): value is Wallet {
  if (typeof value !== 'object' || value === null) return false
  const wallet = value as Record<string, unknown>
  return (
    typeof wallet.name === 'string' &&
    wallet.name.trim().length > 0 &&
    Array.isArray(wallet.chains) &&
    typeof wallet.features === 'object' &&
    wallet.features !== null
  )
}

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
