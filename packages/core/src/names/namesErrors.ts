// The errors of names (SPEC §8 'Error resolving name'): what the identity and receiver-name
// actions reject with besides the chain's own errors.

import { BaseError, type BaseErrorOptions } from '../errors/base.js'

/** The text is not a valid name (it cannot be normalised, or has an empty label). */
export class InvalidNameError extends BaseError {
  override name = 'InvalidNameError' as const
  /**
   * @param text What was typed.
   * @example throw new InvalidNameError('bad..eth')
   */
  constructor(
    readonly text: string,
    options: BaseErrorOptions = {},
  ) {
    super('This is not a valid name.', { details: text, ...options })
  }
}
export type InvalidNameErrorType = InvalidNameError & { name: 'InvalidNameError' }

/** The name is valid but resolves to no address (SPEC §8 'Error resolving name'). */
export class NameNotResolvedError extends BaseError {
  override name = 'NameNotResolvedError' as const
  /**
   * @param text The name.
   * @example throw new NameNotResolvedError('nobody.eth')
   */
  constructor(
    readonly text: string,
    options: BaseErrorOptions = {},
  ) {
    super('The name resolves to no address.', { details: text, ...options })
  }
}
export type NameNotResolvedErrorType = NameNotResolvedError & { name: 'NameNotResolvedError' }

/** The network has no name service Portico can read (names are eip155 only, SPEC §9). */
export class NamesUnavailableError extends BaseError {
  override name = 'NamesUnavailableError' as const
  /**
   * @param caipNetworkId The network.
   * @example throw new NamesUnavailableError('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
   */
  constructor(
    readonly caipNetworkId: string,
    options: BaseErrorOptions = {},
  ) {
    super('Names cannot be read on this network.', { details: caipNetworkId, ...options })
  }
}
export type NamesUnavailableErrorType = NamesUnavailableError & { name: 'NamesUnavailableError' }

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
