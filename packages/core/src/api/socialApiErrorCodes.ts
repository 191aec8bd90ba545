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
  /** The finish did not show the one-time proof the callback sent to the site's page. */
  'SOCIAL_PROOF_INVALID',
  /** A start named no page of the site to come back to: every login comes back to one. */
  'SOCIAL_REDIRECT_REQUIRED',
  /** The project is open to any origin (`*`): it names no page to come back to, so no social login. */
  'SOCIAL_ORIGINS_UNLISTED',
] as const
