// The namespace-neutral part of the Wallet Standard (github.com/wallet-standard): the wallet object
// a wallet registers and the `standard:` features every namespace's wallets share, written out here
// so no adapter needs an @wallet-standard dependency. Each adapter adds its namespace's features.

/** An account a wallet exposes. */
export interface WalletStandardAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
  readonly icon?: string
}

/** A wallet as it registers itself; `features` holds the feature objects by name. */
export interface WalletStandardWallet {
  readonly version: '1.0.0'
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly WalletStandardAccount[]
}

export interface StandardConnectFeature {
  readonly version: string
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly WalletStandardAccount[] }>
}

export interface StandardDisconnectFeature {
  readonly version: string
  disconnect(): Promise<void>
}

export interface StandardEventsChange {
  readonly accounts?: readonly WalletStandardAccount[]
  readonly chains?: readonly string[]
  readonly features?: Readonly<Record<string, unknown>>
}

export interface StandardEventsFeature {
  readonly version: string
  on(event: 'change', listener: (properties: StandardEventsChange) => void): () => void
}

export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'

/** The feature `name` of `wallet` when it has the method `method`, else undefined. */
export function getWalletFeature<T>(
  wallet: WalletStandardWallet,
  name: string,
  method: string,
): T | undefined {
  const feature = (wallet.features as Record<string, unknown>)[name]
  if (typeof feature !== 'object' || feature === null) return undefined
  return typeof (feature as Record<string, unknown>)[method] === 'function' ? (feature as T) : undefined
}

/** Whether a value is a Wallet Standard wallet object with a name, chains and features. */
export function isWalletStandardWallet(value: unknown): value is WalletStandardWallet {
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
