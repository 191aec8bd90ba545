import { RequestCancelledError } from './errors/base.js'

export interface Cancellation {
  /** Rejects with `RequestCancelledError` once `cancel` is called; never resolves. */
  promise: Promise<never>
  cancel: () => void
}

/**
 * A way to end a wait on a wallet that may never answer: an attempt the visitor abandoned (or a
 * newer one replaced) must reject now, not when, or if, the wallet answers.
 *
 * @example
 * const cancellation = createCancellation()
 * const result = await Promise.race([adapter.connect(parameters), cancellation.promise])
 */
export function createCancellation(): Cancellation {
  let cancel: () => void = () => {}
  const promise = new Promise<never>((_, reject) => {
    cancel = () => reject(new RequestCancelledError())
  })
  // Nobody may be waiting on it when it is cancelled: that is not an unhandled rejection.
  promise.catch(() => {})
  return { promise, cancel }
}
