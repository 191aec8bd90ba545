// `@portico/core/names`: identity (the connected account's primary name and avatar), names typed as
// Send receivers, and account names registered under the site's own suffix, in an entry of its own
// so core's main entry (what a page that only connects loads) carries none of it;
// `refreshAccountAssets` loads `refreshIdentity` after connecting, the Account view the suffixes.
export type {
  AccountName,
  AccountNameAvailability,
  AccountNameProblem,
  AccountNameSuffixes,
} from '../api/accountNames.js'
export { ACCOUNT_NAME_MIN_LENGTH, accountNameProblem } from '../api/accountNames.js'
export type { NamesState } from '../state.js'
export type { AvatarSource, AvatarSourceOptions } from './avatarSource.js'
export { avatarSource, checkIpfsGateway } from './avatarSource.js'
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
export type { AvatarRefusedErrorType, LoadAvatarImageOptions } from './loadAvatarImage.js'
export { AVATAR_MAX_BYTES, AvatarRefusedError, loadAvatarImage, sniffImageType } from './loadAvatarImage.js'
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
export { ENS_CACHE_MS, IDENTITY_CACHE_MS } from './namesCache.js'
export type {
  AccountNamesUnavailableErrorType,
  InvalidAccountNameErrorType,
} from './namesErrors.js'
export { AccountNamesUnavailableError, InvalidAccountNameError } from './namesErrors.js'
export type { RefreshIdentityParameters } from './refreshIdentity.js'
export { refreshIdentity } from './refreshIdentity.js'
export type {
  RegisterAccountNameErrorType,
  RegisterAccountNameParameters,
  RegisterAccountNameReturnType,
} from './registerAccountName.js'
export { registerAccountName } from './registerAccountName.js'
export type {
  ResolveReceiverNameErrorType,
  ResolveReceiverNameParameters,
  ResolveReceiverNameReturnType,
} from './resolveReceiverName.js'
export { resolveReceiverName } from './resolveReceiverName.js'
