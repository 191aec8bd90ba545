import { BaseError, type BaseErrorOptions } from '@portico/core'

/** A sign-in message that is not a well-formed CAIP-122 message, or fields that cannot make one. */
export class SiwxMessageError extends BaseError {
  override name = 'SiwxMessageError' as const
  constructor(details: string, options: Pick<BaseErrorOptions, 'cause'> = {}) {
    super('The sign-in message is not valid.', { details, ...options })
  }
}
export type SiwxMessageErrorType = SiwxMessageError & { name: 'SiwxMessageError' }

/** Why a signed sign-in message was refused. */
export type SiwxRefusalReason =
  | 'INVALID_MESSAGE'
  | 'DOMAIN_MISMATCH'
  | 'URI_MISMATCH'
  | 'CHAIN_UNSUPPORTED'
  | 'NONCE_MISMATCH'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'INVALID_SIGNATURE'

/** A signed sign-in message failed a check: `reason` says which, the message says how. */
export class SiwxVerificationError extends BaseError {
  override name = 'SiwxVerificationError' as const
  readonly reason: SiwxRefusalReason
  constructor(reason: SiwxRefusalReason, details: string, options: Pick<BaseErrorOptions, 'cause'> = {}) {
    super(details, options)
    this.reason = reason
  }
}
export type SiwxVerificationErrorType = SiwxVerificationError & { name: 'SiwxVerificationError' }
