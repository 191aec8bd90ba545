/**
 * Codes of refused requests the page's first load knows (each feature's own are in a module of
 * their own, e.g. `namesApiErrorCodes.ts`, so the first load carries none of them). The client maps them to the alerts of
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
