/**
 * The names' English texts (SPEC §8 "Swap and name toasts"). Added to `MESSAGES` when the names
 * code loads, not with the page.
 */
export const NAMES_MESSAGES = {
  nameResolveFailed: 'Error resolving name',
  nameSuggestionsFailed: 'Error fetching name suggestions',
  nameReverseFailed: 'Error fetching names for address',
  nameRegisterFailed: 'Error registering name {name}',
} as const
