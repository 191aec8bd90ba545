/**
 * Codes of refused requests the page's first load knows. The client maps them to the alerts of
 * SPEC §8:
 * PROJECT_ID_MISSING → 'Project ID Not Configured', INVALID_PROJECT_ID → 'Invalid Project ID',
 * ORIGIN_NOT_ALLOWED → 'Invalid App Configuration'.
 */
export const PAGE_API_ERROR_CODES = [
  'PROJECT_ID_MISSING',
  'INVALID_PROJECT_ID',
  'ORIGIN_NOT_ALLOWED',
  'RATE_LIMITED',
  'BAD_REQUEST',
  'NOT_FOUND',
  'PAYLOAD_TOO_LARGE',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_CHAIN',
  'UPSTREAM_ERROR',
  'UNAVAILABLE',
  'INTERNAL',
  // Sign-in (SIWX): why a signed message or a session was refused.
  'SIWX_INVALID_MESSAGE',
  'SIWX_DOMAIN_MISMATCH',
  'SIWX_URI_MISMATCH',
  'SIWX_CHAIN_UNSUPPORTED',
  'SIWX_NONCE_UNKNOWN',
  'SIWX_NONCE_USED',
  'SIWX_NONCE_EXPIRED',
  'SIWX_EXPIRED',
  'SIWX_NOT_YET_VALID',
  'SIWX_INVALID_SIGNATURE',
  'SIWX_SESSION_INVALID',
  // E-mail login for the embedded wallet.
  'EMAIL_COOLDOWN',
  'EMAIL_LIMIT',
  'EMAIL_INVALID',
  'MAIL_FAILED',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_ATTEMPTS_EXCEEDED',
  'DEVICE_NOT_APPROVED',
  'AUTH_SESSION_INVALID',
  'WALLET_EXISTS',
  'EMAIL_TAKEN',
  // Sign In With Farcaster.
  'FARCASTER_CHANNEL_EXPIRED',
  'FARCASTER_SIGNIN_INVALID',
  // The Bitcoin (Esplora-compatible) routes.
  'INVALID_ADDRESS',
  'TX_REJECTED',
  'UPSTREAM_TIMEOUT',
  // The swap routes (/v1/swap/*).
  'UNKNOWN_TOKEN',
  'INVALID_AMOUNT',
  'NO_ROUTE',
  'INSUFFICIENT_LIQUIDITY',
] as const

/**
 * Buying with a card (/v1/onramp/*): `openOnramp` adds them to the codes the page accepts
 * (`acceptApiErrorCodes`) when it first runs, so they stay out of a page that never buys.
 */
export const ONRAMP_API_ERROR_CODES = ['ONRAMP_NOT_CONFIGURED', 'WEBHOOK_SIGNATURE_INVALID'] as const

/**
 * Account names (/v1/names/*): the names actions add them to the codes the page accepts when they
 * first ask the server, so they stay out of a page that never registers a name.
 */
export const NAMES_API_ERROR_CODES = [
  'NAMES_NOT_CONFIGURED',
  'NAME_INVALID',
  'NAME_TAKEN',
  'NAME_NOT_FOUND',
  'NAME_LIMIT',
  'NAME_NOT_OWNED',
  'NAME_MESSAGE_INVALID',
  'NAME_MESSAGE_EXPIRED',
  'NAME_MESSAGE_USED',
  'NAME_SIGNATURE_INVALID',
] as const

/**
 * Refusals of the social logins (/v1/auth/social/*). Only the embedded wallet's frame reads them,
 * with its own parser, so they stay out of the list the page's answer checks carry (and out of
 * the connect-only bundle).
 */
export const SOCIAL_API_ERROR_CODES = [
  'SOCIAL_PROVIDER_NOT_CONFIGURED',
  'SOCIAL_REDIRECT_NOT_ALLOWED',
  'SOCIAL_STATE_INVALID',
  'SOCIAL_STATE_EXPIRED',
  'SOCIAL_CODE_USED',
  'SOCIAL_CODE_REJECTED',
  'SOCIAL_CONSENT_DENIED',
  'SOCIAL_PROVIDER_ERROR',
  'SOCIAL_LOGIN_PENDING',
  'SOCIAL_SECRET_INVALID',
] as const

/** Every code the server answers (its error table and the zod schema are built from it). */
export const API_ERROR_CODES = [
  ...PAGE_API_ERROR_CODES,
  ...ONRAMP_API_ERROR_CODES,
  ...NAMES_API_ERROR_CODES,
  ...SOCIAL_API_ERROR_CODES,
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]
