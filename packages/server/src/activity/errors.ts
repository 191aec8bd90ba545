/** Errors of the activity history and indexer. */
import { BaseError } from '@portico/core/errors'

/** A history cursor this server did not hand out for this account and chain. */
export class InvalidCursorError extends BaseError {
  override name = 'InvalidCursorError' as const

  constructor(cause?: unknown) {
    super('The cursor is not one this server returned for this account and chain; start again without it.', {
      cause,
    })
  }
}
export type InvalidCursorErrorType = InvalidCursorError & { name: 'InvalidCursorError' }

/** Another indexer took over the chain while a round was running; the round's writes were dropped. */
export class LeaseLostError extends BaseError {
  override name = 'LeaseLostError' as const
  readonly chainId: string

  constructor(chainId: string) {
    super(`Another indexer holds ${chainId} now; this round's results were not written.`)
    this.chainId = chainId
  }
}
export type LeaseLostErrorType = LeaseLostError & { name: 'LeaseLostError' }
