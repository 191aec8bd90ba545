/**
 * Errors of the portfolio and the indexer's chain reads. `UpstreamError` extends viem's
 * `BaseError`, so the HTTP layer answers it like any failed RPC call: 502 UPSTREAM_ERROR.
 */
import { BaseError } from 'viem'

/** The chain's JSON-RPC endpoint did not answer, timed out or answered an error. */
export class UpstreamError extends BaseError {
  override name = 'UpstreamError'
  /** CAIP-2 id of the chain whose node failed. */
  readonly chainId: string

  constructor(parameters: { chainId: string; action: string; cause?: unknown }) {
    const reason = parameters.cause instanceof Error ? describe(parameters.cause) : undefined
    super(
      `The RPC node of ${parameters.chainId} failed while ${parameters.action}${reason ? `: ${reason}` : '.'}`,
      {
        ...(parameters.cause instanceof Error ? { cause: parameters.cause } : {}),
        name: 'UpstreamError',
      },
    )
    this.chainId = parameters.chainId
  }
}

function describe(error: Error): string {
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' ? short : error.message
}
