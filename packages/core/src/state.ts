import type { Connector } from './adapterKit/contract.js'
import type { AccountName, AccountNameProblem } from './api/accountNames.js'
import type { Nft } from './api/nftSchemas.js'
import type { TokenBalance, Transaction } from './api/schemas.js'
import type { Route } from './modal/routes.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './network/types.js'
import type { Notice } from './notices/messages.js'
import type { SiwxSession } from './siwx/types.js'
import type { SocialWindow } from './social/socialWindow.js'
import type { RegistryWallet } from './walletConnect/types.js'

/**
 * SPEC §4's statuses, plus `reconnecting`: a connection stored by an earlier visit whose wallet has
 * not answered yet after the page's 3 s (it is not a "no"; the page keeps waiting in the background).
 */
export type ConnectionStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal' | 'stx'
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity'
export type ThemeMode = 'dark' | 'light'

/** Account state per chain (SPEC §3). Fields later features fill stay undefined until then. */
export interface AccountState {
  currentTab: AccountTab
  /** The account's tokens on the active network (SPEC §3), native first; empty until fetched. */
  tokenBalance: readonly TokenBalance[]
  smartAccountDeployed: boolean
  /** The site's paymaster pays the smart account's network fees on this network. */
  smartAccountSponsored: boolean
  addressLabels: Record<string, string>
  allAccounts: readonly string[]
  status: ConnectionStatus
  caipAddress: CaipAddress | undefined
  address: string | undefined
  /** Native balance formatted for display, exact (no floating point). */
  balance: string | undefined
  balanceSymbol: string | undefined
  /** The free, reserved and transferable native balance, formatted, on chains that reserve funds. */
  balanceParts: { free: string; reserved: string; transferable: string } | undefined
  profileName: string | undefined
  profileImage: string | undefined
  user: { email?: string } | undefined
  addressExplorerUrl: string | undefined
  connectedWalletInfo: Pick<Connector, 'id' | 'name' | 'type' | 'imageUrl' | 'rdns'> | undefined
  preferredAccountType: AccountType
  /** The provider of the social login in progress or connected (SPEC §3). */
  socialProvider: string | undefined
  /** The provider's sign-in window while a social login waits for it (a `ref`, never proxied). */
  socialWindow: SocialWindow | undefined
  farcasterUrl: string | undefined
  balanceLoading: boolean
  /** The last read of `balance` failed: the one shown is the last known, for this account and network. */
  balanceStale: boolean
  lastRetry: number | undefined
}

/** Network state per chain (SPEC §3). */
export interface NetworkState {
  /** The active network: always one the site lists. */
  caipNetwork: Network | undefined
  /** Set while the connected wallet sits on a network the site does not list. */
  unsupportedCaipNetworkId: CaipNetworkId | undefined
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: readonly number[]
  approvedCaipNetworkIds: readonly CaipNetworkId[]
  requestedCaipNetworks: readonly Network[]
}

export interface ChainState {
  namespace: ChainNamespace
  networkState: NetworkState
  accountState: AccountState
  /** The connector this namespace is connected through. */
  connectorId: string | undefined
}

export interface ModalState {
  loading: boolean
  open: boolean
  selectedNetworkId: CaipNetworkId | undefined
  activeChain: ChainNamespace | undefined
  initialized: boolean
  /** True for 500 ms when the modal refuses something (SPEC §3, §9). */
  shake: boolean
  /** The visitor ticked the terms checkbox (`features.legalCheckbox`); kept for the page's life. */
  legalAccepted: boolean
}

export interface RouterState {
  route: Route
  history: Route[]
}

/** Why the last connection attempt did not finish. */
export interface ConnectionError {
  kind: 'rejected' | 'failed' | 'timeout'
  message: Notice
}

export interface ConnectionState {
  status: ConnectionStatus
  /** The connector of the attempt in progress or of the last failed attempt. */
  connectingConnectorId: string | undefined
  error: ConnectionError | undefined
  /** Set while switching to a network of another namespace (SPEC §4). */
  switchingNamespace: boolean
  /** The network a switch is waiting on in the wallet, and why the last switch failed. */
  pendingNetworkId: CaipNetworkId | undefined
  switchError: Notice | undefined
}

export interface RecentWallet {
  id: string
  name: string
  namespace: ChainNamespace
  imageUrl?: string | undefined
}

/** The registry list from the Portico server (or storage), once one has arrived. */
export interface WalletRegistryState {
  /** Undefined until a list arrived; AllWallets then uses `config.walletRegistry`. */
  wallets: readonly RegistryWallet[] | undefined
  /** When the list was fetched (ms since the epoch). */
  updatedAt: number | undefined
  loading: boolean
}

export interface ConnectorsState {
  byNamespace: Partial<Record<ChainNamespace, readonly Connector[]>>
  recent: readonly RecentWallet[]
}

export type AlertVariant = 'error' | 'warning' | 'info'
export interface Alert {
  id: number
  message: Notice
  variant: AlertVariant
  code?: number | string
}

export type ToastVariant = 'success' | 'error' | 'loading'
export interface Toast {
  id: number
  message: Notice
  variant: ToastVariant
  /** Loading toasts stay until replaced or dismissed. */
  autoClose: boolean
}

export interface ThemeVariables {
  /** Accent colour, any CSS colour. */
  accent?: string
  fontFamily?: string
  /** Base corner radius in px. */
  borderRadius?: number
  zIndex?: number
  /** A colour mixed into the surfaces, and how much (0–100). */
  colorMix?: string
  colorMixStrength?: number
}

export interface ThemeState {
  themeMode: ThemeMode
  themeVariables: ThemeVariables
}

/** A transaction sent from the modal, shown on top of Activity until the server has indexed it. */
export interface PendingTransaction {
  hash: string
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Whole tokens, exact decimal string. */
  amount: string
  symbol: string
  /** `pending` until the wallet reports it mined. */
  status: 'pending' | 'success' | 'reverted'
  /** Milliseconds since the epoch, when it was added. */
  createdAt: number
}

/** Why the last activity fetch failed: the SPEC §8 text and the reason behind it. */
export interface ActivityError {
  message: Notice
  /** True when the server could not be reached or answered 5xx. */
  serverUnavailable: boolean
  detail: Notice
}

/** The activity list of the active account (SPEC §3 Transaction list). */
export interface ActivityState {
  /** The account and network (CAIP-10) the list belongs to; a list for another one is not shown. */
  caipAddress: CaipAddress | undefined
  transactions: readonly Transaction[]
  loading: boolean
  /** True once a fetch found nothing at all. */
  empty: boolean
  /** The cursor of the next page; undefined when there is none. */
  next: string | undefined
  /** True once the first page has arrived. */
  loaded: boolean
  error: ActivityError | undefined
  /** Sent from this modal, newest first; at most 99 (SPEC §9). */
  pending: readonly PendingTransaction[]
}

/** Why the last NFTs fetch failed: the message and whether the server could not be reached. */
export interface NftsError {
  message: Notice
  serverUnavailable: boolean
  detail: Notice
}

/**
 * The NFTs tab of the active account (SPEC §2 Account tabs). Created by the NFTs entry
 * (`@portico/core/nfts`) the first time the tab is shown, so a page that never opens it carries none of it.
 */
export interface NftsState {
  /** The account and network (CAIP-10) the list belongs to. */
  caipAddress: CaipAddress | undefined
  /** As the server sent them, spam included (the tab hides spam). */
  items: readonly Nft[]
  loading: boolean
  loaded: boolean
  /** The cursor of the next page; undefined when there is none. */
  next: string | undefined
  error: NftsError | undefined
  /** Networks (CAIP-2) the server refused to keep NFTs for: the tab is not offered there. */
  notServed: readonly string[]
}

/**
 * The registration form (SPEC §3 name service state: suggestions, each with a name, and a loading
 * flag), created by `@portico/core/names` on first use.
 */
export interface NamesState {
  /** The project's suffixes; the first is the one registrations use. Undefined until known. */
  suffixes: readonly string[] | undefined
  /** Whether the project registers names at all (false once the server said it does not). */
  enabled: boolean | undefined
  label: string
  /** SPEC §5, checked as the visitor types. */
  problem: AccountNameProblem | undefined
  checking: boolean
  /** Whether `label` under the suffix is free; undefined until the server said. */
  available: boolean | undefined
  suggestions: readonly { name: string }[]
  /** Set while the wallet signs and the server registers (SPEC §4: the transaction stack). */
  loading: boolean
  /** Why the last check or registration failed (SPEC §8 name texts), and the server's or wallet's words. */
  error: { message: Notice; detail: Notice | undefined } | undefined
  registered: AccountName | undefined
}

/** Where a send stands (SPEC §5 Sending): the form, the wallet prompt, then the sent transaction. */
export type SendStep = 'form' | 'confirming' | 'sent'

/** Why the last send attempt did not reach the chain. */
export interface SendError {
  /** `rejected`: the visitor declined in the wallet; `failed`: anything else (SPEC §8). */
  kind: 'rejected' | 'failed'
  message: Notice
}

/** A transaction sent from the Send view, as the confirmation view shows it. */
export interface SentTransaction {
  hash: string
  caipNetworkId: CaipNetworkId
  from: string
  to: string
  /** Whole tokens, exact decimal string. */
  amount: string
  symbol: string
  /** `unknown` when the chain did not report it within the wait (it may still be mined). */
  status: 'pending' | 'success' | 'reverted' | 'unknown'
  explorerUrl: string | undefined
}

/**
 * The send form (SPEC §3 Send state). Amounts are exact: the typed text, base-unit bigints, or
 * exact decimal strings; USD figures are display-only numbers. The token list itself is the
 * account's `tokenBalance`, read through `getSend`.
 */
export interface SendState {
  /** The token to send, one of the account's token balances. */
  token: TokenBalance | undefined
  /** The amount as typed, validated by `getSendValidation`. */
  sendTokenAmount: string
  /** The decimal mark the amount was typed with (`.` or the locale's). */
  decimalSeparator: string
  receiverAddress: string
  receiverProfileImage: string | undefined
  receiverProfileName: string | undefined
  /** Price per gas unit in the native token's base units, from the last fee estimate. */
  gasPrice: bigint | undefined
  /** The whole fee in the native token's base units. */
  fee: bigint | undefined
  /** The fee in USD when the native token's price is known. */
  gasPriceInUSD: number | undefined
  /** The native balance in USD when its price is known. */
  networkBalanceInUSD: number | undefined
  feeLoading: boolean
  /** Why the last fee estimate failed. */
  feeError: Notice | undefined
  /** True while the wallet is asked to send. */
  loading: boolean
  step: SendStep
  error: SendError | undefined
  /** The last transaction sent from the form. */
  sent: SentTransaction | undefined
}

/**
 * Where sign-in stands for the active account (SPEC §4): `idle` without sign-in or an account,
 * `checking` while stored sessions are read, `needed` when there is none, `signing` while the
 * wallet and the storage are asked, `signedIn` with a session.
 */
export type SiwxStatus = 'idle' | 'checking' | 'needed' | 'signing' | 'signedIn'

export interface SiwxState {
  status: SiwxStatus
  /** The account (CAIP-10) the status is for. */
  caipAddress: CaipAddress | undefined
  /** The active account's session once signed in. */
  session: SiwxSession | undefined
  /** Why the last sign-in did not finish, as a message key (see `formatMessage`). */
  error: Notice | undefined
}

/** Where the e-mail login stands (SPEC §5): sending the address, waiting for the code or the device approval, checking the code. */
export type EmailLoginStatus = 'idle' | 'sending' | 'awaitingDevice' | 'awaitingOtp' | 'verifying'

export interface EmailLoginState {
  status: EmailLoginStatus
  /** The address the code was sent to. */
  email: string | undefined
  /** Why the last step failed, as a message key (see `formatMessage`). */
  error: Notice | undefined
  /** The e-mail of the connected embedded wallet, once logged in. */
  accountEmail: string | undefined
}

/**
 * Where the social login stands: waiting for the visitor at the provider (popup or full-page
 * redirect), then checking the result with the embedded wallet and connecting it.
 */
export type SocialLoginStatus = 'idle' | 'waiting' | 'connecting'

export interface SocialLoginState {
  status: SocialLoginStatus
  /** The provider of the login in progress or of the last one that failed. */
  provider: string | undefined
  /** Why the last login did not finish, as a message key (see `formatMessage`). */
  error: Notice | undefined
  /** The username the provider gave the connected embedded wallet (SPEC §3 social username). */
  accountUsername: string | undefined
  /** The provider the connected embedded wallet logged in with (`farcaster` for Farcaster). */
  accountProvider: string | undefined
  /** A Farcaster account's picture (display data the server passed on), once logged in. */
  accountImage?: string | undefined
}

/** Where a Farcaster login stands (SPEC §2 ConnectingFarcaster): asking for the link, waiting for the app, connecting. */
export type FarcasterLoginStatus = 'idle' | 'opening' | 'waiting' | 'connecting' | 'expired' | 'error'

export interface FarcasterLoginState {
  status: FarcasterLoginStatus
  /** The sign-in link for the Farcaster app (SPEC §3 farcasterUrl), and when it stops working. */
  url?: string | undefined
  expiresAt?: number | undefined
  /** Why the last attempt ended, as a message key (see `formatMessage`). */
  error?: Notice | undefined
}

export type WalletConnectStatus = 'idle' | 'pairing' | 'connecting' | 'error'

/** A WalletConnect pairing in progress (SPEC §2 ConnectingWalletConnectBasic). */
export interface WalletConnectState {
  status: WalletConnectStatus
  /** The URI to show as a QR code or open as a deep link, and when it stops working. */
  pairing: { uri: string; expiresAt: number } | undefined
  /** The registry wallet the visitor picked, when they picked one. */
  walletId: string | undefined
  /** Why the last pairing failed, as a message key (see `formatMessage`). */
  error: Notice | undefined
}

/** A token of the swap form: one of the server's swap tokens (`native` for the network's own currency). */
export interface SwapFormToken {
  /** The contract address (`0x…`), or `native`. */
  address: string
  chainId: CaipNetworkId
  name: string
  symbol: string
  decimals: number
  iconUrl: string | undefined
}

/** A token the visitor holds, with what they hold of it (SPEC §3 myTokensWithBalance). */
export interface SwapTokenWithBalance extends SwapFormToken {
  quantity: { numeric: string }
  /** USD per token; 0 when unknown. */
  price: number
}

/** A transaction of the swap (SPEC §3 approvalTransaction, swapTransaction); amounts in base units. */
export interface SwapFormTransaction {
  to: string
  data: string
  value: bigint
  gas: bigint
  gasPrice: bigint
  /** What the swap gives, whole target tokens (the quote's); the approval's is the amount it allows. */
  toAmount: string
}

/**
 * The swap form (SPEC §3 Swap state). Amounts are exact decimal strings of whole tokens; gas is in
 * base units; USD figures are display-only numbers.
 */
export interface SwapState {
  /** The account (CAIP-10) the form was set up for; another account or network sets it up again. */
  caipAddress: CaipAddress | undefined
  /** True once the token list, the network price and the balances were loaded (SPEC §4 "once"). */
  initialized: boolean
  sourceToken: SwapFormToken | undefined
  toToken: SwapFormToken | undefined
  /** The network's swap tokens, as the server lists them. */
  tokens: readonly SwapFormToken[]
  /** The same, sorted by symbol (SPEC §3). */
  popularTokens: readonly SwapFormToken[]
  /** The tokens the list starts with: the first ones the server lists. */
  suggestedTokens: readonly SwapFormToken[]
  myTokensWithBalance: readonly SwapTokenWithBalance[]
  /** USD price by token address (`native` for the network's currency). */
  tokensPriceMap: Readonly<Record<string, number>>
  sourceTokenAmount: string
  toTokenAmount: string
  sourceTokenPriceInUSD: number
  toTokenPriceInUSD: number
  /** USD price of the network's own currency; 0 when unknown. */
  networkPrice: number
  networkBalanceInUSD: number
  networkTokenSymbol: string
  /** Why the amount cannot be swapped as it is (SPEC §8 'Insufficient balance', 'Incorrect amount'). */
  inputError: Notice | undefined
  /** The slippage tolerance, percent (SPEC §9). */
  slippage: number
  /** The network fee of the next transaction, native base units. */
  gasFee: bigint | undefined
  gasPriceInUSD: number | undefined
  /** Percent, from the quote. */
  priceImpact: number | undefined
  /** The least the swap gives, whole target tokens (the quote less the slippage tolerance). */
  maxSlippage: string | undefined
  /** The provider fee, whole source tokens, and its rate in percent; undefined when none is charged. */
  providerFee: { amount: string; rate: number } | undefined
  approvalTransaction: SwapFormTransaction | undefined
  swapTransaction: SwapFormTransaction | undefined
  loadingPrices: boolean
  loadingQuote: boolean
  loadingApprovalTransaction: boolean
  loadingBuildTransaction: boolean
  loadingTransaction: boolean
  /** What the form says above the amounts: the swap before was reverted by a moved price. */
  notice: Notice | undefined
  /** Whether the swap service offers swaps on a network (CAIP-2), once asked. */
  networks: Readonly<Record<string, boolean>>
}
