import { BaseError, type BaseErrorOptions } from '@portico/core/errors'

export type EmbeddedWalletErrorOptions = BaseErrorOptions

/**
 * Every error of `@portico/embedded-wallet`: core's `BaseError` (a stable `name`, one short
 * sentence, optional details, an EIP-1193 `code` where one exists, `walk()` through causes), so
 * callers treat both alike. It comes from `@portico/core/errors`, which holds the error classes
 * alone, so the protocol and the frame stay free of core's state and browser code.
 */
export class EmbeddedWalletError extends BaseError {
  // A string, not the literal: every error of this package subclasses it under its own name.
  override name: string = 'EmbeddedWalletError'
}
export type EmbeddedWalletErrorType = EmbeddedWalletError & { name: 'EmbeddedWalletError' }

/**
 * A message between the page and the frame did not match the protocol. `field` names the first
 * offending field (`payload.email`, `type`, …); `messageId` and `messageType` are set when they
 * could still be read, so the frame can answer an ERROR reply to a request it cannot serve.
 */
export class InvalidFrameMessageError extends EmbeddedWalletError {
  override name = 'InvalidFrameMessageError' as const
  readonly field: string
  readonly messageId: string | undefined
  readonly messageType: string | undefined

  constructor(options: {
    field: string
    reason: string
    messageId?: string
    messageType?: string
    cause?: unknown
  }) {
    super(
      `Invalid embedded wallet message: ${options.field} ${options.reason}.`,
      options.messageType
        ? { details: `Message type ${options.messageType}`, cause: options.cause }
        : { cause: options.cause },
    )
    this.field = options.field
    this.messageId = options.messageId
    this.messageType = options.messageType
  }
}
export type InvalidFrameMessageErrorType = InvalidFrameMessageError & { name: 'InvalidFrameMessageError' }
