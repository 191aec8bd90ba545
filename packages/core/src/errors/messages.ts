import type { ApiErrorCode } from '../api/schemas.js'
import { BaseError } from './base.js'

/** The user-facing texts of SPEC §8, in one place so tests can check each. */
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
  transactionStarted: 'Transaction started',
  solanaSendFailed: 'Failed to send transaction. Please try again.',
  enterAmountAndReceiver: 'Please enter a valid amount and receiver address',
  unsupportedChain: 'Unsupported chain',
  // Alerts
  networkNotFound: 'Network Not Found',
  invalidAppConfiguration: 'Invalid App Configuration',
  sessionExpired: 'Session Expired',
  invalidProjectId: 'Invalid Project ID',
  projectIdNotConfigured: 'Project ID Not Configured',
} as const

/**
 * SPEC §8 alerts for the server's refusal codes; each is shown once per instance. Other codes
 * (rate limits, bad requests) are reported where the request was made.
 */
export const API_ERROR_MESSAGES: Partial<Record<ApiErrorCode, string>> = {
  PROJECT_ID_MISSING: MESSAGES.projectIdNotConfigured,
  INVALID_PROJECT_ID: MESSAGES.invalidProjectId,
  ORIGIN_NOT_ALLOWED: MESSAGES.invalidAppConfiguration,
  // A sign-in refused for its time window usually means a device clock is off: 'Session Expired'
  // asks the visitor to check the clock and reconnect.
  SIWX_EXPIRED: MESSAGES.sessionExpired,
  SIWX_NOT_YET_VALID: MESSAGES.sessionExpired,
}

/** SPEC §8 alert codes. */
export const ERROR_CODES = {
  unrecognizedChain: 4902,
  default: 5000,
  invalidChainId: 32603,
  userRejected: 4001,
} as const

/** Texts for switch-network failures by code (SPEC §8 "Codes"). */
export const SWITCH_NETWORK_MESSAGES: Record<number, string> = {
  4902: 'This network is not added to your wallet, and it could not be added.',
  32603: 'Your wallet reported an invalid chain id for this network.',
  5000: 'Your wallet could not switch networks. Try switching in the wallet.',
}

/** A short sentence a person can read for any thrown value. */
export function toUserMessage(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage
  return MESSAGES.somethingWentWrong
}
