import {
  BaseError,
  ProviderRequestError,
  ProviderTimeoutError,
  UserRejectedRequestError,
} from '@portico/core'

// How extensions word a refusal: polkadot{.js} 'Cancelled' (signing) and 'The source … is not
// allowed to interact with this extension' (a site the visitor refused), Talisman and SubWallet
// 'Rejected by user' / 'Cancelled', Enkrypt 'user rejected'.
const REJECTION =
  /\b(cancell?ed|rejected|denied|declined)\b|not allowed to interact|\buser\b.{0,40}\b(reject|abort)/i

/** Whether an extension's error says the visitor declined. */
export function isExtensionRejection(error: unknown): boolean {
  if (typeof error === 'string') return REJECTION.test(error)
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  return code === 4001 || (typeof message === 'string' && REJECTION.test(message))
}

/** Turns what an extension threw into a Portico error; Portico's own pass through. */
export function mapExtensionError(error: unknown, request: string): BaseError {
  if (error instanceof BaseError) return error
  const message =
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
      ? (error as { message: string }).message
      : String(error)
  const details = `${request}: ${message}`
  if (isExtensionRejection(error)) return new UserRejectedRequestError({ cause: error, details })
  return new ProviderRequestError('The wallet could not complete the request.', { cause: error, details })
}

/**
 * Calls an extension, gives up after `timeoutMs` with ProviderTimeoutError (or at once when `signal`
 * aborts) and maps what it throws: every extension call goes through here, so one that never
 * answers cannot hold the modal.
 */
export async function callExtension<T>(
  request: string,
  call: () => Promise<T>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProviderTimeoutError({ timeoutMs: options.timeoutMs, details: `${request} got no answer.` }),
        ),
      options.timeoutMs,
    )
    onAbort = () => reject(options.signal?.reason ?? new Error('aborted'))
    if (options.signal?.aborted) onAbort()
    else options.signal?.addEventListener('abort', onAbort, { once: true })
  })
  try {
    // An extension may throw synchronously; the async wrapper turns that into a rejection.
    return await Promise.race([(async () => call())(), bound])
  } catch (error) {
    // The caller gave up (the visitor picked another wallet): that, not the wallet, is the reason.
    if (options.signal?.aborted) throw options.signal.reason ?? error
    throw mapExtensionError(error, request)
  } finally {
    clearTimeout(timer)
    if (onAbort) options.signal?.removeEventListener('abort', onAbort)
  }
}
