import { PAGE_API_ERROR_CODES } from './apiErrorCodes.js'
import { NAMES_API_ERROR_CODES } from './namesApiErrorCodes.js'
import { ONRAMP_API_ERROR_CODES } from './onrampApiErrorCodes.js'
import { SOCIAL_API_ERROR_CODES } from './socialApiErrorCodes.js'

// In a module apart from the page's list: the first load imports only that one, and the bundler
// keeps each feature's list with the code that uses it.
/** Every code the server answers (its error table and the zod schema are built from it). */
export const API_ERROR_CODES = [
  ...PAGE_API_ERROR_CODES,
  ...ONRAMP_API_ERROR_CODES,
  ...NAMES_API_ERROR_CODES,
  ...SOCIAL_API_ERROR_CODES,
] as const
export type ApiErrorCode = (typeof API_ERROR_CODES)[number]
