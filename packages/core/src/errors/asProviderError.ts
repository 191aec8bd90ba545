import { BaseError, ProviderRequestError } from './base.js'

/**
 * A wallet's failure as an error a site can narrow: a Portico error as it is, anything else (a
 * wallet's own `Error`, a string) a `ProviderRequestError` with the original as `cause`.
 */
export function asProviderError(error: unknown): BaseError {
  if (error instanceof BaseError) return error
  return new ProviderRequestError(error instanceof Error ? error.message : String(error), { cause: error })
}
