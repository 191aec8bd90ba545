// The errors of names (SPEC §8 'Error resolving name'): what the identity and receiver-name
// actions reject with besides the chain's own errors.

import { BaseError, type BaseErrorOptions } from '../errors/base.js'

/**
 * A names error about one text (a name, or a network's id), told once here: each kind gives its
 * literal `name` and its sentence (`summary`), and the text goes to `details`.
 */
abstract class NameTextError extends BaseError {
  /** The sentence of each kind of error. */
  static readonly summary: string
  /**
   * @param text What the error is about: the name typed, or the network.
   * @example throw new InvalidNameError('bad..eth')
   */
  constructor(
    readonly text: string,
    options: BaseErrorOptions = {},
  ) {
    super((new.target as unknown as typeof NameTextError).summary, { details: text, ...options })
  }
}

/** The text is not a valid name (it cannot be normalised, or has an empty label). */
export class InvalidNameError extends NameTextError {
  static override readonly summary = 'This is not a valid name.'
  override name = 'InvalidNameError' as const
}
export type InvalidNameErrorType = InvalidNameError & { name: 'InvalidNameError' }

/** The name is valid but resolves to no address (SPEC §8 'Error resolving name'). */
export class NameNotResolvedError extends NameTextError {
  static override readonly summary = 'The name resolves to no address.'
  override name = 'NameNotResolvedError' as const
}
export type NameNotResolvedErrorType = NameNotResolvedError & { name: 'NameNotResolvedError' }

/**
 * The network has no name service Portico can read (names are eip155 only, SPEC §9); `text` is
 * its CAIP-2 id.
 * @example throw new NamesUnavailableError('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
 */
export class NamesUnavailableError extends NameTextError {
  static override readonly summary = 'Names cannot be read on this network.'
  override name = 'NamesUnavailableError' as const
  /** The network, as before `text` named it for every kind. */
  get caipNetworkId(): string {
    return this.text
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
