import { BaseError } from '../errors/base.js'

/** Names need a Portico server and a connected EVM account (SPEC §9: names are eip155 only). */
export class AccountNamesUnavailableError extends BaseError {
  override name = 'AccountNamesUnavailableError' as const
}
export type AccountNamesUnavailableErrorType = AccountNamesUnavailableError & {
  name: 'AccountNamesUnavailableError'
}

/** The label breaks SPEC §5 (at least 4 letters, digits or hyphens); nothing was asked of anyone. */
export class InvalidAccountNameError extends BaseError {
  override name = 'InvalidAccountNameError' as const
  constructor(
    readonly label: string,
    readonly problem: 'tooShort' | 'tooLong' | 'invalidCharacters',
  ) {
    super(`"${label}" cannot be an account name (${problem}): at least 4 letters, digits or hyphens.`)
  }
}
export type InvalidAccountNameErrorType = InvalidAccountNameError & { name: 'InvalidAccountNameError' }
