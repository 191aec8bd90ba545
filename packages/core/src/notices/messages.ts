import type { ApiErrorCode } from '../api/schemas.js'
import { BaseError } from '../errors/base.js'
import type { NAMES_MESSAGES } from '../names/namesMessages.js'
import type { SOCIAL_MESSAGES } from '../social/socialMessages.js'

/**
 * The English text of every message key core can put in state (alerts, toasts, errors) or in an
 * error's short message, SPEC §8 texts word for word. State never holds these sentences, only a
 * `Notice` (`{ key, params }`): the React modal translates the key through its catalogue (which
 * starts from this one), and a headless site can turn one into English with `formatMessage`.
 */
export const MESSAGES = {
  // Sign-in and initialization
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  smartAccountSignFailed: 'This application might not support Smart Accounts',
  signatureDeclined: 'Signature declined',
  siwxNotEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  noActiveNetworkOrClient: 'No ActiveCaipNetwork or client found',
  noConnectionClient: 'No ConnectionController client found',
  authenticating: 'Authenticating...',
  themeSyncFailed: 'Unable to sync theme to auth connector',
  // E-mail login (SPEC §5); {n} is the rounded-up number of seconds left
  emailCooldown: 'Please try again after {n} seconds',
  /** Not a SPEC text: the device approval link in the mail lives 10 minutes. */
  deviceApprovalExpired: 'The approval link has expired. Go back and log in again for a new one.',
  // Frame and request
  frameError: 'An error occurred',
  rpcAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  frameLoadFailed: 'Unable to load email login dependency',
  // Balances, transactions and sending
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  transactionsFailed: 'Failed to fetch transactions',
  /** Not a SPEC text: the NFTs tab's failure, worded as the transactions' one. */
  nftsFailed: 'Failed to fetch NFTs',
  transactionStarted: 'Transaction started',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  enterAmountAndReceiver: 'Please enter a valid amount and receiver address',
  // Not SPEC texts: why a Polkadot send is refused before the wallet is asked, or by the chain
  polkadotInvalidReceiver: 'The receiver is not a valid Polkadot address.',
  polkadotReceiverOtherNetwork:
    'The receiver address is written for another network: use its address on this network.',
  polkadotNativeOnly: 'Only the native token can be sent on this network.',
  polkadotInsufficientBalance: 'Not enough transferable balance for the amount and the network fee.',
  polkadotWouldReapSender:
    'This would leave less than the existential deposit in your account, and the chain would remove it: send less.',
  polkadotReceiverBelowDeposit:
    'The receiver would hold less than the existential deposit, which the chain refuses: send at least that much.',
  polkadotDispatchFailed: 'The chain refused the transaction: {error}.',
  // Not SPEC texts: why a Bitcoin send is refused before the wallet is asked, or by the network
  bitcoinInvalidReceiver: 'The receiver is not a valid Bitcoin address.',
  bitcoinInvalidSender: 'The sender is not a valid Bitcoin address on this network.',
  bitcoinOrdinalsSender: 'Payments are sent from the payment address, never from the ordinals address.',
  bitcoinTokenNotSupported: 'Only bitcoin can be sent on this network.',
  bitcoinInvalidAmount: 'The amount is out of range.',
  bitcoinBelowDust: 'The amount is below the smallest output the network relays (dust).',
  bitcoinInsufficientFunds: 'Not enough bitcoin to pay for the amount and the network fee.',
  bitcoinWalletChangedTransaction: 'The wallet changed the transaction it was asked to sign.',
  bitcoinWalletCannotSign: 'This wallet cannot sign Bitcoin transactions.',
  /** {address} and {network} are chain names: 'Bitcoin testnet', 'Bitcoin mainnet'. */
  bitcoinAddressOtherNetwork: 'This is a {address} address; this send is on {network}.',
  bitcoinCoinsAlreadySpent: 'The network refused the transaction: its coins were already spent.',
  bitcoinFeeTooLow: 'The network refused the transaction: its fee is below what the network relays.',
  bitcoinTransactionRefused: 'The network refused the transaction.',
  bitcoinApiNotConfigured: 'This Bitcoin network has no API configured.',
  bitcoinCodeLoadFailed: 'The Bitcoin network code could not be loaded. Please try again.',
  sendUnsupportedChain: 'Unsupported chain',
  // Swap (SPEC §8 "Swap and name toasts"); {from} and {to} are amounts with their symbols
  swapInitFailed: 'Failed to initialize swap',
  swapNetworkPriceFailed: 'Failed to fetch network token price',
  swapAllowanceFailed: 'Failed to check allowance',
  swapApprovalFailed: 'Failed to create approval transaction',
  swapTransactionFailed: 'Failed to create transaction',
  swapIncorrectAmount: 'Incorrect amount',
  swapEnterValidAmount: 'Please enter a valid amount',
  swapTransactionError: 'Transaction error',
  swapInsufficientBalance: 'Insufficient balance',
  swapNoAddress: 'No address found to swap the tokens from.',
  swapNetworkNotFound: 'Network not found',
  swapAccountNotFound: 'Address or auth connector not found',
  swapApproveInWallet: 'Approve limit increase in your wallet',
  swapConfirmInWallet: 'Confirm transaction in your wallet',
  swapSwapping: 'Swapping {from} to {to}',
  swapSwapped: 'Swapped {from} to {to}',
  // Not SPEC texts: why a quote could not be had, and a swap the chain reverted
  swapNoRoute: 'No pool trades these two tokens on this network.',
  swapInsufficientLiquidity: 'The pools cannot fill this amount. Try a smaller one.',
  swapPriceMoved:
    'The price moved by more than your {slippage}% slippage tolerance before the swap went through, so the network reverted it and nothing was swapped. Here is a new quote.',
  // Alerts
  networkNotFound: 'Network Not Found',
  invalidAppConfiguration: 'Invalid App Configuration',
  sessionExpired: 'Session Expired',
  invalidProjectId: 'Invalid Project ID',
  projectIdNotConfigured: 'Project ID Not Configured',
  // Not SPEC texts: what a connection attempt and a network switch report
  connectionDeclined: 'Connection declined',
  connectionFailed: 'Connection failed',
  switchDeclined: 'Switch declined in the wallet',
  switchNotAdded: 'This network is not added to your wallet, and it could not be added.',
  switchInvalidChainId: 'Your wallet reported an invalid chain id for this network.',
  switchFailed: 'Your wallet could not switch networks. Try switching in the wallet.',
  emailChanged: 'Your e-mail is now {email}',
  invalidEmail: 'Enter a valid e-mail address.',
  invalidOtp: 'Enter the 6-digit code from the e-mail.',
  siwxServerUnavailable: 'The sign-in server is not available. Try again in a moment.',
  wcNoAccount: 'The wallet approved no account on the networks of this site.',
  wcProjectRefused:
    'Mobile wallets cannot connect to this site right now: the WalletConnect network refused its project ID. Use a browser wallet, or try again later.',
  /** A wallet's or a server's own sentence, passed on as it came. */
  walletError: '{message}',
  // Core's own errors, as their short messages say them (`ERROR_MESSAGE_KEYS`)
  errorRejected: 'The request was rejected in the wallet.',
  errorUnrecognizedChain: 'The wallet does not recognise this network.',
  errorInvalidChainId: 'The wallet reported an invalid chain id.',
  errorTimeout: 'The wallet did not answer in time.',
  errorConnectorNotFound: 'This wallet is not available in this browser.',
  errorNotConnected: 'No wallet is connected.',
  errorCancelled: 'The request was cancelled.',
  errorWouldFail: 'This transaction would fail.',
  errorWrongNetwork: 'Your wallet is on another network. Switch networks and try again.',
} as const

// The texts of a feature that loads on demand (social logins, account names) are added to
// `MESSAGES` by its code when it loads (`addMessages`): only that code emits their keys.
type AllMessages = typeof MESSAGES & typeof SOCIAL_MESSAGES & typeof NAMES_MESSAGES

/** The name of a text core can emit. */
export type MessageKey = keyof AllMessages

/**
 * Adds a feature's texts to `MESSAGES` when its code loads, so `formatMessage` finds them; the
 * page's first load carries none of them.
 */
export function addMessages(texts: Readonly<Partial<Record<MessageKey, string>>>): void {
  Object.assign(MESSAGES, texts)
}

/** The `{…}` names in a template: `'Your e-mail is now {email}'` gives `'email'`. */
type HoleNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | HoleNames<Rest>
  : never

/**
 * What state says instead of a sentence: a key of `MESSAGES` and a value for each `{name}` in its
 * text. A key without placeholders has no params.
 */
export type Notice = {
  [K in MessageKey]: [HoleNames<AllMessages[K]>] extends [never]
    ? { readonly key: K; readonly params?: undefined }
    : {
        readonly key: K
        readonly params: { readonly [Name in HoleNames<AllMessages[K]>]: string | number }
      }
}[MessageKey]

/**
 * The English text of a notice, for sites without the React modal:
 * `formatMessage(state.alert.current.message)`. A `{name}` without a value is left as it is.
 */
export function formatMessage(notice: Notice): string {
  const values: Readonly<Record<string, string | number>> = notice.params ?? {}
  return (MESSAGES as Readonly<Record<MessageKey, string>>)[notice.key].replace(
    /\{(\w+)\}/g,
    (hole, name: string) => (name in values ? String(values[name]) : hole),
  )
}

/**
 * SPEC §8 alerts for the server's refusal codes; each is shown once per instance. Other codes
 * (rate limits, bad requests) are reported where the request was made.
 */
export const API_ERROR_MESSAGES: Partial<Record<ApiErrorCode, MessageKey>> = {
  PROJECT_ID_MISSING: 'projectIdNotConfigured',
  INVALID_PROJECT_ID: 'invalidProjectId',
  ORIGIN_NOT_ALLOWED: 'invalidAppConfiguration',
  // A sign-in refused for its time window usually means a device clock is off: 'Session Expired'
  // asks the visitor to check the clock and reconnect.
  SIWX_EXPIRED: 'sessionExpired',
  SIWX_NOT_YET_VALID: 'sessionExpired',
}

/** SPEC §8 alert codes. */
export const ERROR_CODES = {
  unrecognizedChain: 4902,
  default: 5000,
  invalidChainId: 32603,
  userRejected: 4001,
} as const

/** Message keys for switch-network failures by code (SPEC §8 "Codes"). */
export const SWITCH_NETWORK_MESSAGES: Record<number, MessageKey> = {
  4902: 'switchNotAdded',
  32603: 'switchInvalidChainId',
  5000: 'switchFailed',
}

/**
 * Core's errors whose short message is core's own sentence, by `name`: shown through their key, so
 * a translated modal says them in its language. A subclass under another name (an adapter's) has
 * its own words and is passed on as they are.
 */
const ERROR_MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  UserRejectedRequestError: 'errorRejected',
  UnrecognizedChainError: 'errorUnrecognizedChain',
  InvalidChainIdError: 'errorInvalidChainId',
  ProviderTimeoutError: 'errorTimeout',
  ConnectorNotFoundError: 'errorConnectorNotFound',
  NotConnectedError: 'errorNotConnected',
  RequestCancelledError: 'errorCancelled',
  TransactionWouldFailError: 'errorWouldFail',
  WrongNetworkError: 'errorWrongNetwork',
  NetworkNotFoundError: 'networkNotFound',
}

function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false
  const { key, params } = value as { key?: unknown; params?: unknown }
  if (typeof key !== 'string' || !Object.hasOwn(MESSAGES, key)) return false
  return (
    params === undefined ||
    (typeof params === 'object' &&
      params !== null &&
      Object.values(params).every((param) => typeof param === 'string' || typeof param === 'number'))
  )
}

/**
 * A notice a person can read for any thrown value: core's own errors by their key, another error's
 * short message (a wallet's, an adapter's or a server's words) as `walletError`, anything else
 * 'Something went wrong'.
 */
export function toUserMessage(error: unknown): Notice {
  if (!(error instanceof BaseError)) return { key: 'somethingWentWrong' }
  // An adapter whose sentence is one of core's keys says so (`notice`), so it is translated too.
  const notice = (error as { notice?: unknown }).notice
  if (isNotice(notice) && formatMessage(notice) === error.shortMessage) return notice
  const key = Object.hasOwn(ERROR_MESSAGE_KEYS, error.name) ? ERROR_MESSAGE_KEYS[error.name] : undefined
  if (key && (MESSAGES as Readonly<Record<MessageKey, string>>)[key] === error.shortMessage)
    return { key } as Notice
  return { key: 'walletError', params: { message: error.shortMessage } }
}
