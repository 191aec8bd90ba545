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
