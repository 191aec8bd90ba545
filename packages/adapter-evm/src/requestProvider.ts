import { ProviderTimeoutError, withTimeout } from '@portico/core/adapter-kit'
import { mapProviderError } from './mapProviderError.js'
import type { Eip1193Provider } from './provider.js'

/**
 * Sends one request to a wallet, gives up after `timeoutMs` with ProviderTimeoutError, and maps
 * wallet errors to typed Portico errors. Every wallet call of the adapter goes through here.
 */
export async function requestProvider(
  provider: Eip1193Provider,
  args: { method: string; params?: unknown },
  options: { timeoutMs: number },
): Promise<unknown> {
  try {
    // A provider may throw synchronously; the async wrapper turns that into a rejection.
    return await withTimeout(
      (async () => provider.request(args))(),
      options.timeoutMs,
      () =>
        new ProviderTimeoutError({ timeoutMs: options.timeoutMs, details: `${args.method} got no answer.` }),
    )
  } catch (error) {
    throw mapProviderError(error, { method: args.method })
  }
}
