import type { ApiError, ApiErrorCode } from '@portico/core/api'
import { BaseError } from '@portico/core/errors'

/** HTTP status of each refusal code. */
export const STATUS_OF: Record<
  ApiErrorCode,
  400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503 | 504
> = {
  PROJECT_ID_MISSING: 400,
  INVALID_PROJECT_ID: 403,
  ORIGIN_NOT_ALLOWED: 403,
  RATE_LIMITED: 429,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  METHOD_NOT_ALLOWED: 405,
  UNSUPPORTED_CHAIN: 400,
  UPSTREAM_ERROR: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
  SIWX_INVALID_MESSAGE: 400,
  SIWX_DOMAIN_MISMATCH: 401,
  SIWX_URI_MISMATCH: 401,
  SIWX_CHAIN_UNSUPPORTED: 400,
  SIWX_NONCE_UNKNOWN: 401,
  SIWX_NONCE_USED: 401,
  SIWX_NONCE_EXPIRED: 401,
  SIWX_EXPIRED: 401,
  SIWX_NOT_YET_VALID: 401,
  SIWX_INVALID_SIGNATURE: 401,
  SIWX_SESSION_INVALID: 401,
  EMAIL_COOLDOWN: 429,
  EMAIL_LIMIT: 429,
  EMAIL_INVALID: 400,
  MAIL_FAILED: 502,
  OTP_INVALID: 401,
  OTP_EXPIRED: 401,
  OTP_ATTEMPTS_EXCEEDED: 429,
  DEVICE_NOT_APPROVED: 401,
  AUTH_SESSION_INVALID: 401,
  WALLET_EXISTS: 409,
  EMAIL_TAKEN: 409,
  FARCASTER_CHANNEL_EXPIRED: 401,
  FARCASTER_SIGNIN_INVALID: 401,
  INVALID_ADDRESS: 400,
  TX_REJECTED: 400,
  UPSTREAM_TIMEOUT: 504,
  UNKNOWN_TOKEN: 400,
  INVALID_AMOUNT: 400,
  NO_ROUTE: 404,
  INSUFFICIENT_LIQUIDITY: 422,
  ONRAMP_NOT_CONFIGURED: 400,
  WEBHOOK_SIGNATURE_INVALID: 401,
  NAMES_NOT_CONFIGURED: 404,
  NAME_INVALID: 400,
  NAME_TAKEN: 409,
  NAME_NOT_FOUND: 404,
  NAME_LIMIT: 409,
  NAME_NOT_OWNED: 403,
  NAME_MESSAGE_INVALID: 400,
  NAME_MESSAGE_EXPIRED: 401,
  NAME_MESSAGE_USED: 401,
  NAME_SIGNATURE_INVALID: 401,
  SOCIAL_PROVIDER_NOT_CONFIGURED: 400,
  SOCIAL_REDIRECT_NOT_ALLOWED: 403,
  SOCIAL_STATE_INVALID: 400,
  SOCIAL_STATE_EXPIRED: 401,
  SOCIAL_CODE_USED: 409,
  SOCIAL_CODE_REJECTED: 401,
  SOCIAL_CONSENT_DENIED: 403,
  SOCIAL_PROVIDER_ERROR: 422,
  SOCIAL_LOGIN_PENDING: 409,
  SOCIAL_SECRET_INVALID: 403,
  SOCIAL_PROOF_INVALID: 403,
  SOCIAL_REDIRECT_REQUIRED: 400,
  SOCIAL_ORIGINS_UNLISTED: 400,
}

/**
 * A refusal that becomes a `{ error: { code, message } }` response (`apiErrorSchema`) with the
 * code's status. Thrown anywhere in a handler; the app turns it into the response. Its `code` is
 * the contract's string, as the client's `ApiRequestError.apiCode` reads it back.
 */
export class ApiRefusal extends BaseError {
  override name = 'ApiRefusal' as const
  declare readonly code: ApiErrorCode
  readonly status: (typeof STATUS_OF)[ApiErrorCode]
  readonly headers: Record<string, string>

  constructor(code: ApiErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message, { code })
    this.status = STATUS_OF[code]
    this.headers = headers
  }

  toBody(): ApiError {
    return { error: { code: this.code, message: this.message } }
  }
}
export type ApiRefusalType = ApiRefusal & { name: 'ApiRefusal' }
