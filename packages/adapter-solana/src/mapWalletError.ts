import {
  BaseError,
  ProviderRequestError,
  ProviderTimeoutError,
  UserRejectedRequestError,
} from '@portico/core'

// Wallets word a refusal in many ways; these are the ones Phantom, Solflare, Backpack and the
// wallet-adapter error classes use. A node's "transaction rejected" is not the visitor's refusal.
const REJECTION_MESSAGE =
  /\buser\b.{0,40}\b(reject|rejected|denied|declined|cancell?ed)\b|\b(rejected|denied|declined|cancell?ed)\b.{0,20}\bby (the )?user\b/i
const REJECTION_NAME = /user.?reject|reject.*user|WalletUserRejected/i

/** Whether a wallet's error says the visitor declined: EIP-1193 code 4001, or its name or message. */
export function isUserRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null)
    return typeof error === 'string' && REJECTION_MESSAGE.test(error)
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown }
  if (code === 4001) return true
  if (typeof name === 'string' && REJECTION_NAME.test(name)) return true
  return typeof message === 'string' && REJECTION_MESSAGE.test(message)
}

/**
 * Turns whatever a Wallet Standard feature threw into a typed Portico error: a refusal →
 * UserRejectedRequestError, anything else → ProviderRequestError. Portico errors pass through.
 * @example
 * try { await feature.connect() } catch (error) { throw mapWalletError(error, { feature: 'standard:connect' }) }
 */
export function mapWalletError(error: unknown, context: { feature: string }): BaseError {
  if (error instanceof BaseError) return error
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : undefined
  const code = typeof record?.code === 'number' ? record.code : undefined
  const message = typeof record?.message === 'string' ? record.message : String(error)
  const details = `${context.feature}${code === undefined ? '' : ` (code ${code})`}: ${message}`
  if (isUserRejection(error)) return new UserRejectedRequestError({ cause: error, details })
  return new ProviderRequestError('The wallet could not complete the request.', { cause: error, details })
}

/**
 * Calls a wallet feature, gives up after `timeoutMs` with ProviderTimeoutError and maps what the
 * wallet throws with `mapWalletError`. Every wallet call of the adapter goes through here, so a
 * wallet that never answers cannot hold the modal.
 */
export async function callWallet<T>(
  feature: string,
  call: () => Promise<T>,
  options: { timeoutMs: number },
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ProviderTimeoutError({ timeoutMs: options.timeoutMs, details: `${feature} got no answer.` }),
        ),
      options.timeoutMs,
    )
  })
  try {
    // A wallet may throw synchronously; the async wrapper turns that into a rejection.
    return await Promise.race([(async () => call())(), timeout])
  } catch (error) {
    throw mapWalletError(error, { feature })
  } finally {
    clearTimeout(timer)
  }
}
