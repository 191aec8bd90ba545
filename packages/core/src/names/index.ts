// `@portico/core/names`: account names under the site's own suffix, in an entry of its own so
// core's main entry (what a page that only connects loads) carries none of it.

export type {
  AccountName,
  AccountNameAvailability,
  AccountNameProblem,
  AccountNameSuffixes,
} from '../api/accountNames.js'
export { ACCOUNT_NAME_MIN_LENGTH, accountNameProblem } from '../api/accountNames.js'
export type { NamesState } from '../state.js'
export type {
  CheckAccountNameErrorType,
  CheckAccountNameParameters,
  CheckAccountNameReturnType,
} from './checkAccountName.js'
export { checkAccountName } from './checkAccountName.js'
export type {
  GetAccountNameSuffixesErrorType,
  GetAccountNameSuffixesReturnType,
} from './getAccountNameSuffixes.js'
export { getAccountNameSuffixes } from './getAccountNameSuffixes.js'
export type { AccountNameFormInfo } from './modal/accountNameForm.js'
export {
  ACCOUNT_NAME_CHECK_DEBOUNCE_MS,
  getAccountNameForm,
  loadAccountNameSuffixes,
  setAccountNameLabel,
  startAccountNameForm,
  submitAccountName,
  watchAccountNameForm,
} from './modal/accountNameForm.js'
export type {
  AccountNamesUnavailableErrorType,
  InvalidAccountNameErrorType,
} from './namesErrors.js'
export { AccountNamesUnavailableError, InvalidAccountNameError } from './namesErrors.js'
export type {
  RegisterAccountNameErrorType,
  RegisterAccountNameParameters,
  RegisterAccountNameReturnType,
} from './registerAccountName.js'
export { registerAccountName } from './registerAccountName.js'
