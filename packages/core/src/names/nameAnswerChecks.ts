/** The names routes' answers checked by hand (no zod in the client's chunks). */
import type {
  AccountName,
  AccountNameAvailability,
  AccountNameSuffixes,
  IdentityAnswer,
} from '../api/accountNames.js'
import { acceptApiErrorCodes } from '../api/answerChecks.js'
import { NAMES_API_ERROR_CODES } from '../api/namesApiErrorCodes.js'
import {
  arrayOf,
  boolean,
  nullable,
  number,
  object,
  parser,
  recordOf,
  string,
  stringWhere,
} from '../valueCheck.js'

const address = stringWhere((value) => /^0x[0-9a-fA-F]{40}$/.test(value))

const accountName = object({
  name: string,
  address,
  coinType: number,
  attributes: recordOf(string),
  registeredAt: string,
})

export const accountNameCheck = parser<AccountName>(accountName)
export const accountNameSuffixesCheck = parser<AccountNameSuffixes>(
  object({ suffixes: arrayOf(string), maxNamesPerAddress: number }),
)
export const accountNameAvailabilityCheck = parser<AccountNameAvailability>(
  object({ name: string, available: boolean, suggestions: arrayOf(object({ name: string })) }),
)
export const accountNamesCheck = parser<{ names: AccountName[] }>(object({ names: arrayOf(accountName) }))

/** `GET /v1/identity/{address}`: a name of at most 255 characters (a DNS name's most), or null. */
export const identityAnswerCheck = parser<IdentityAnswer>(
  object({
    name: nullable(stringWhere((value) => value.length > 0 && value.length <= 255)),
    avatar: nullable(string),
  }),
)

/** Lets the page read the names routes' refusals; each names action calls it before it asks. */
export function acceptNameErrorCodes(): void {
  acceptApiErrorCodes(NAMES_API_ERROR_CODES)
}
