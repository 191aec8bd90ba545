export interface EmbeddedWalletErrorOptions {
  cause?: unknown
  details?: string
  code?: number
}

/**
 * Every error of `@portico/embedded-wallet`: a stable `name`, one short sentence, optional details
 * and an EIP-1193 `code` where one exists. It mirrors `@portico/core`'s BaseError so callers can
 * treat both alike without this entry importing core (the protocol imports only zod).
 */
export class EmbeddedWalletError extends Error {
  override name = 'EmbeddedWalletError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly code: number | undefined

  constructor(shortMessage: string, options: EmbeddedWalletErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
  }
}

/**
 * A message between the page and the frame did not match the protocol. `field` names the first
 * offending field (`payload.email`, `type`, …); `messageId` and `messageType` are set when they
 * could still be read, so the frame can answer an ERROR reply to a request it cannot serve.
 */
export class InvalidFrameMessageError extends EmbeddedWalletError {
  override name = 'InvalidFrameMessageError'
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
