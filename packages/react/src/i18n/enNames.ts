import { NAMES_MESSAGES } from '@portico/core'

// The account-name form's English texts (SPEC §2 RegisterAccountName and its success view), added to
// the page's with those views' chunks (see `english.ts`): a page whose visitor never picks a name
// downloads none of them. Their titles stay in enModal: the header shows them while the view loads.

export const enNames = {
  // core's texts of the same feature, which arrive with its code too
  ...NAMES_MESSAGES,
  nameLabel: 'Name',
  nameRule: 'At least 4 characters: letters, digits or hyphens.',
  nameTooShort: 'Too short: a name has at least 4 characters.',
  nameTooLong: 'Too long: a name has at most 63 characters.',
  nameInvalidCharacters: 'Only letters, digits and hyphens.',
  nameChecking: 'Checking…',
  nameAvailable: '{name} is available',
  nameTaken: '{name} is taken',
  nameSuggestions: 'Available instead',
  nameRegister: 'Register',
  nameSigning: 'Confirm in your wallet',
  nameStepSign: 'Sign the registration message',
  nameStepRegister: 'Register the name',
  nameRegistered: 'Your name is registered',
  nameResolvesTo: 'It resolves to {address}',
  nameCopy: 'Copy name',
  nameDone: 'Done',
} as const
