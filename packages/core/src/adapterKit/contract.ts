import type { ChainNamespace, Network } from '../network/types.js'
import type { Storage } from '../storage/storage.js'

/** How a wallet reaches the page (SPEC §3, plus the kinds later features add). */
export type ConnectorType = 'MULTI_CHAIN' | 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'WALLET_CONNECT' | 'AUTH'

/**
 * A wallet the visitor can pick. Plain data: the provider object stays inside the adapter. Core
 * lists one row per wallet: installed connectors (ANNOUNCED, INJECTED, MULTI_CHAIN) of different
 * namespaces with the same display name (trimmed, any case) are one wallet, so use the name the
 * wallet announces; every namespace's WalletConnect connector has the id `WALLET_CONNECT_CONNECTOR_ID`
 * and type WALLET_CONNECT, over the one session the site shares.
 */
export interface Connector {
  /** Stable id; for EIP-6963 wallets it is the reverse-domain id (rdns). */
  id: string
  name: string
  type: ConnectorType
  namespace: ChainNamespace
  /** A `data:image/…` or `https:` URL, already checked by the adapter. */
  imageUrl?: string
  rdns?: string
  /** False for a wallet that is known but not present in this browser. */
  installed: boolean
}

export interface ConnectResult {
  /** The account address as the namespace writes it. */
  address: string
  /** Every account the wallet exposed, first one active. */
  accounts: readonly string[]
  /** The CAIP-2 reference of the wallet's current network (chain id for EVM). */
  chainId: number | string
}

export interface Balance {
  value: bigint
  decimals: number
  symbol: string
  /**
   * For chains that hold part of an account's funds back (Polkadot's reserved and frozen funds):
   * the free and reserved balance and what can be sent, in base units. `value` is then what can
   * be sent. Core shows them under the balance.
   */
  parts?: BalanceParts
}

/** How a balance splits on chains that reserve funds; base units. */
export interface BalanceParts {
  free: bigint
  reserved: bigint
  transferable: bigint
}

/** A token balance as an adapter reads it from the chain. */
export interface AdapterTokenBalance {
  /** The token's contract or mint address, as the namespace writes it. */
  token: string
  name: string
  symbol: string
  /** A whole number from 0 to 99; a token with 0 decimals is not listed (NFT-like). */
  decimals: number
  /** In base units. */
  value: bigint
  /** A `data:image/…` or `https:` URL, already checked by the adapter. */
  iconUrl?: string
}

/**
 * Events an adapter reports through `context.emit`; core turns them into state. An adapter checks
 * what a wallet sends before reporting it, and drops (and logs) what is malformed.
 */
export type AdapterEvent =
  /** The discovered wallets changed; a connector that did not change keeps its object. */
  | { type: 'connectors'; connectors: readonly Connector[] }
  /** The visitor picked other accounts in the wallet, first one active (never empty: see disconnect). */
  | { type: 'accountsChanged'; connectorId: string; accounts: readonly string[] }
  /** The wallet moved to another network: its CAIP-2 reference. */
  | { type: 'chainChanged'; connectorId: string; chainId: number | string }
  /** The wallet ended the connection, or reported no accounts. */
  | { type: 'disconnect'; connectorId: string }

export interface Logger {
  debug(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}

export interface AdapterContext {
  /** The networks the site configured for this adapter's namespace. */
  networks: () => readonly Network[]
  storage: Storage
  emit: (event: AdapterEvent) => void
  logger: Logger
  /** True only in a browser; adapters must not touch `window` otherwise. */
  isBrowser: boolean
}

/**
 * What a namespace adapter must do. Optional capabilities are declared by presence; core shows
 * the matching feature only when the method exists.
 */
export interface Adapter {
  namespace: ChainNamespace
  /** Starts discovery (EIP-6963 announcements and the like). Called once, in the browser only. */
  start(): void
  /** Stops listening and releases providers. */
  destroy(): void
  getConnectors(): readonly Connector[]
  /**
   * Asks the wallet for access. Rejects with `UserRejectedRequestError` when the visitor declines,
   * `ProviderTimeoutError` when the wallet does not answer in time, `ConnectorNotFoundError` for a
   * connector it does not know, `ProviderRequestError` (the wallet's error as cause) otherwise.
   */
  connect(parameters: { connectorId: string; network?: Network }): Promise<ConnectResult>
  /**
   * Restores an earlier connection without prompting. Resolves the accounts when the wallet answers
   * with them, and undefined only when it answers that the connection is gone (no accounts, not
   * authorised, session expired, wallet no longer there): core then forgets it. Rejects when the
   * wallet has not answered within `timeoutMs` (core's `RECONNECT_BOUND_MS` for the connector's
   * type) or `signal` aborts (the visitor picked another wallet); core keeps the connection stored.
   */
  reconnect(parameters: {
    connectorId: string
    timeoutMs: number
    signal?: AbortSignal
  }): Promise<ConnectResult | undefined>
  disconnect(parameters: { connectorId: string }): Promise<void>
  switchNetwork(parameters: { connectorId: string; network: Network }): Promise<void>
  /** The signature as the namespace writes it; `NotConnectedError` when the connector is not connected. */
  signMessage(parameters: { connectorId: string; address: string; message: string }): Promise<string>
  /**
   * The visitor picked one of the wallet's accounts on the site (a wallet that shares several
   * accounts and has no active one of its own, such as a Polkadot extension): the adapter makes it
   * the first, remembers it for the next visit and reports `accountsChanged`. Core offers the
   * choice only when this exists.
   */
  selectAccount?(parameters: { connectorId: string; address: string }): Promise<void>
  getBalance(parameters: { address: string; network: Network }): Promise<Balance>
  /**
   * The account's token balances (not the native one) read from the chain, for sites without a
   * Portico server. Core lists them after the native balance, with no price.
   */
  getTokenBalances?(parameters: { address: string; network: Network }): Promise<AdapterTokenBalance[]>
  /** A block-explorer link for an address, when the network has an explorer. */
  getAddressExplorerUrl?(parameters: { address: string; network: Network }): string | undefined
  /** A block-explorer link for a transaction, when the network has an explorer. */
  getTransactionExplorerUrl?(parameters: { hash: string; network: Network }): string | undefined

  /** Sending (SPEC §5 Sending): core offers Send only when the adapter has this capability. */
  send?: SendCapability

  /**
   * Calls to contracts from the wallet (swap approvals and swaps): core offers Swap only when the
   * adapter has this capability and `send` (whose `waitForTransaction` follows the call).
   */
  contracts?: ContractsCapability

  /**
   * Wallets that give one address per purpose (Bitcoin's payment and ordinals): the Account view
   * lists them and lets the visitor pick the active one.
   */
  accountTypes?: AccountTypesCapability

  /**
   * A name service (ENS on EVM): the connected account's primary name and avatar, and names typed
   * as a receiver in Send. Core looks names up only when the adapter has it. It is loaded, not
   * given: core calls `loadNames` once an account is connected (and when Send first meets a name)
   * and keeps what it resolves to, so the service's code (its network table, the name check) is not
   * part of the page's first load. Resolve to the same capability on every call; a rejection is
   * logged and the account shows its address.
   */
  loadNames?: () => Promise<NamesCapability>
}

/** A name and what it points at, as the name service holds them. */
export interface NameRecord {
  /** The name, normalised (ENSIP-15 on EVM). */
  name: string
  /** The address the name resolves to (for a primary name: the account's own, checked). */
  address: string
  /**
   * The name's raw avatar record (ENSIP-12), unchecked: core decides what of it may be shown
   * (`names/avatarSource.ts`).
   */
  avatar: string | undefined
}

/** How core reads names (SPEC §9: names are eip155 only, so only the EVM adapter has one). */
export interface NamesCapability {
  /** Whether the network has a name service this adapter can read. */
  supports(network: Network): boolean
  /** Whether `text` has the shape of a name (e.g. `vitalik.eth`) rather than an address. */
  isName(text: string): boolean
  /**
   * The primary name of `address` on `network`, only when that name resolves back to `address`;
   * undefined when it has none. Rejects `ProviderRequestError` when the chain cannot be read.
   */
  lookupAddress(parameters: { address: string; network: Network }): Promise<NameRecord | undefined>
  /**
   * What `name` resolves to on `network`; undefined when it resolves to nothing. Rejects
   * `InvalidNameError` for text that is not a valid name, `ProviderRequestError` when the chain
   * cannot be read.
   */
  resolveName(parameters: { name: string; network: Network }): Promise<NameRecord | undefined>
}

/** An address a wallet gives for one purpose (SPEC §3 `preferredAccountType`'s values). */
export interface TypedAccount {
  type: 'payment' | 'ordinal'
  address: string
}

/** How core reads and picks a connection's typed accounts. */
export interface AccountTypesCapability {
  /** The connection's accounts by type; empty when the connector is not connected. */
  get(connectorId: string): readonly TypedAccount[]
  /** Makes `type`'s address the active one; the adapter reports it as `accountsChanged`. */
  set(parameters: { connectorId: string; type: TypedAccount['type'] }): void
}

/** What an adapter that can send tokens provides, as one object: all of it or nothing. */
export interface SendCapability {
  /** Whether `address` is a valid account address of this namespace (checksum included). */
  isAddress(address: string): boolean
  /**
   * What sending `amount` (base units) of the native token, or of `token`, would cost in fees.
   * Rejects (`ProviderRequestError`, `TransactionWouldFailError`) when the chain cannot tell.
   */
  estimateFee(parameters: SendParameters & { connectorId?: string }): Promise<FeeEstimate>
  /**
   * Asks the wallet to send `amount` (base units) of the native token, or of the token contract
   * `token`, from `address` to `to`. Resolves the transaction hash once the wallet has sent it;
   * rejects with `UserRejectedRequestError` when the visitor declines, `WrongNetworkError` when the
   * wallet is on another network, `ProviderTimeoutError` when it does not answer in time.
   */
  send(parameters: SendParameters & { connectorId: string }): Promise<string>
  /**
   * Waits until a transaction is included; `reverted` when it failed on chain. Rejects with
   * `ProviderTimeoutError` after `timeoutMs` (see `pollUntil` in the adapter kit).
   */
  waitForTransaction(parameters: {
    hash: string
    network: Network
    timeoutMs: number
  }): Promise<{ status: 'success' | 'reverted' }>
}

/** What an adapter that can call contracts provides. */
export interface ContractsCapability {
  /**
   * Asks the wallet to send a transaction that calls `to` with `data` (and `value` base units of
   * the native token) from `address`, on `network`. Resolves the transaction hash once the wallet
   * has sent it; rejects as `SendCapability.send` does (`UserRejectedRequestError`,
   * `WrongNetworkError`, `ProviderTimeoutError`, `TransactionWouldFailError`).
   */
  sendTransaction(parameters: ContractCallParameters): Promise<string>
}

export interface ContractCallParameters {
  connectorId: string
  address: string
  network: Network
  /** The contract called. */
  to: string
  /** The call's data, 0x-prefixed hex. */
  data: string
  /** Native token sent with the call, base units; 0 when left out. */
  value?: bigint
  /** A gas limit for the wallet; it estimates one when left out. */
  gas?: bigint
}

export interface SendParameters {
  address: string
  network: Network
  to: string
  /** Base units (wei for ETH, the token's smallest unit otherwise). */
  amount: bigint
  /** The token contract; absent for the native token. */
  token?: string
}

export interface FeeEstimate {
  /** Everything the sender pays besides the amount, in the native token's base units. */
  fee: bigint
  /**
   * How the namespace arrived at `fee`, for display and logs; core never recomputes the fee from
   * it. EVM: `gas` and `gasPrice`; Solana: `signatures`, `lamportsPerSignature`, `networkFee` and
   * `accountCreationRent`. A `gasPrice` here fills the send state's `gasPrice` (SPEC §3).
   */
  breakdown?: Readonly<Record<string, bigint>>
}

/** `evm(options)` returns one of these; core calls it with the instance's context. */
export type AdapterFactory = (context: AdapterContext) => Adapter
