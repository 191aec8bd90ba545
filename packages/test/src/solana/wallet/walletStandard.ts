// The parts of the Wallet Standard (github.com/wallet-standard/wallet-standard) and the Solana Wallet
// Standard (github.com/anza-xyz/wallet-standard) this test wallet implements, written out here so
// the test kit carries no wallet-standard dependency. Shapes follow those specs' types.

/** A `namespace:reference` identifier, such as a chain (`solana:devnet`) or a feature (`standard:connect`). */
export type IdentifierString = `${string}:${string}`

/** The clusters the Solana Wallet Standard names. */
export type SolanaChain = 'solana:mainnet' | 'solana:devnet' | 'solana:testnet' | 'solana:localnet'

/** A wallet or account icon: a data URI (the standard asks for svg+xml, webp, png or gif). */
export type WalletIcon = `data:image/${string}`

/** An account the wallet has authorised the app to use. */
export interface WalletAccount {
  /** base58 address. */
  readonly address: string
  /** The 32-byte ed25519 public key. */
  readonly publicKey: Uint8Array
  readonly chains: readonly IdentifierString[]
  readonly features: readonly IdentifierString[]
  readonly label?: string
  readonly icon?: WalletIcon
}

/** The object a wallet registers with the page. */
export interface Wallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: WalletIcon
  readonly chains: readonly IdentifierString[]
  readonly features: Readonly<Record<IdentifierString, unknown>>
  readonly accounts: readonly WalletAccount[]
}

export interface StandardConnectInput {
  /** Only return accounts the app is already authorised for; never prompt. */
  readonly silent?: boolean
}
export interface StandardConnectOutput {
  readonly accounts: readonly WalletAccount[]
}
export type StandardConnectFeature = {
  readonly 'standard:connect': {
    readonly version: '1.0.0'
    readonly connect: (input?: StandardConnectInput) => Promise<StandardConnectOutput>
  }
}

export type StandardDisconnectFeature = {
  readonly 'standard:disconnect': {
    readonly version: '1.0.0'
    readonly disconnect: () => Promise<void>
  }
}

/** What changed: only the properties that changed are present. */
export interface StandardEventsChangeProperties {
  readonly chains?: Wallet['chains']
  readonly features?: Wallet['features']
  readonly accounts?: Wallet['accounts']
}
export type StandardEventsChangeListener = (properties: StandardEventsChangeProperties) => void
export type StandardEventsFeature = {
  readonly 'standard:events': {
    readonly version: '1.0.0'
    readonly on: (event: 'change', listener: StandardEventsChangeListener) => () => void
  }
}

export type SolanaTransactionVersion = 'legacy' | 0
export type SolanaTransactionCommitment = 'processed' | 'confirmed' | 'finalized'

export interface SolanaSignMessageInput {
  readonly account: WalletAccount
  readonly message: Uint8Array
}
export interface SolanaSignMessageOutput {
  /** The bytes that were signed (here always the message itself). */
  readonly signedMessage: Uint8Array
  readonly signature: Uint8Array
  readonly signatureType?: 'ed25519'
}
export type SolanaSignMessageFeature = {
  readonly 'solana:signMessage': {
    readonly version: '1.1.0'
    readonly signMessage: (
      ...inputs: readonly SolanaSignMessageInput[]
    ) => Promise<readonly SolanaSignMessageOutput[]>
  }
}

export interface SolanaSignTransactionOptions {
  readonly preflightCommitment?: SolanaTransactionCommitment
  readonly minContextSlot?: number
}
export interface SolanaSignTransactionInput {
  readonly account: WalletAccount
  /** A serialised wire transaction (legacy or v0). */
  readonly transaction: Uint8Array
  readonly chain?: IdentifierString
  readonly options?: SolanaSignTransactionOptions
}
export interface SolanaSignTransactionOutput {
  readonly signedTransaction: Uint8Array
}
export type SolanaSignTransactionFeature = {
  readonly 'solana:signTransaction': {
    readonly version: '1.0.0'
    readonly supportedTransactionVersions: readonly SolanaTransactionVersion[]
    readonly signTransaction: (
      ...inputs: readonly SolanaSignTransactionInput[]
    ) => Promise<readonly SolanaSignTransactionOutput[]>
  }
}

export interface SolanaSignAndSendTransactionOptions extends SolanaSignTransactionOptions {
  readonly mode?: 'parallel' | 'serial'
  readonly commitment?: SolanaTransactionCommitment
  readonly skipPreflight?: boolean
  readonly maxRetries?: number
}
export interface SolanaSignAndSendTransactionInput extends SolanaSignTransactionInput {
  readonly chain: IdentifierString
  readonly options?: SolanaSignAndSendTransactionOptions
}
export interface SolanaSignAndSendTransactionOutput {
  /** The transaction's first (fee payer's) signature, as 64 bytes. */
  readonly signature: Uint8Array
}
export type SolanaSignAndSendTransactionFeature = {
  readonly 'solana:signAndSendTransaction': {
    readonly version: '1.0.0'
    readonly supportedTransactionVersions: readonly SolanaTransactionVersion[]
    readonly signAndSendTransaction: (
      ...inputs: readonly SolanaSignAndSendTransactionInput[]
    ) => Promise<readonly SolanaSignAndSendTransactionOutput[]>
  }
}

/** Every feature the test wallet offers. */
export type TestSolanaWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** The API an app hands a wallet when the wallet registers (`register(...wallets)` returns an unregister). */
export interface WalletsRegisterApi {
  register(...wallets: Wallet[]): () => void
}
export type WalletRegisterCallback = (api: WalletsRegisterApi) => void
