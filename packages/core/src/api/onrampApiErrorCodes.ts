/**
 * Buying with a card (/v1/onramp/*): `openOnramp` adds them to the codes the page accepts
 * (`acceptApiErrorCodes`) when it first runs, so they stay out of a page that never buys.
 */
export const ONRAMP_API_ERROR_CODES = ['ONRAMP_NOT_CONFIGURED', 'WEBHOOK_SIGNATURE_INVALID'] as const
