/**
 * Errors of the portfolio and the indexer's chain reads. The HTTP layer answers `UpstreamError`
 * with 502 UPSTREAM_ERROR and its `shortMessage`, which names the chain and what failed.
 */
import { BaseError } from '@portico/core/errors'

/** The chain's JSON-RPC endpoint did not answer, timed out or answered an error; `cause` is the node's failure. */
export class UpstreamError extends BaseError {
  override name = 'UpstreamError' as const
  /** CAIP-2 id of the chain whose node failed. */
  readonly chainId: string

  constructor(parameters: { chainId: string; action: string; cause?: unknown }) {
    const reason = parameters.cause instanceof Error ? describe(parameters.cause) : undefined
    super(
      `The RPC node of ${parameters.chainId} failed while ${parameters.action}${reason ? `: ${reason}` : '.'}`,
      parameters.cause instanceof Error ? { cause: parameters.cause } : {},
    )
    this.chainId = parameters.chainId
  }
}
export type UpstreamErrorType = UpstreamError & { name: 'UpstreamError' }

function describe(error: Error): string {
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' ? short : error.message
}
