/** Errors of the activity history and indexer. */

/** A history cursor this server did not hand out for this account and chain. */
export class InvalidCursorError extends Error {
  override name = 'InvalidCursorError'

  constructor(cause?: unknown) {
    super('The cursor is not one this server returned for this account and chain; start again without it.', {
      cause,
    })
  }
}

/** Another indexer took over the chain while a round was running; the round's writes were dropped. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError'
  readonly chainId: string

  constructor(chainId: string) {
    super(`Another indexer holds ${chainId} now; this round's results were not written.`)
    this.chainId = chainId
  }
}
