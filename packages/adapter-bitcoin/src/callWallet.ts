import {
  BaseError,
  ProviderRequestError,
  ProviderTimeoutError,
  UserRejectedRequestError,
  withTimeout,
} from '@portico/core/adapter-kit'

// sats-connect's RpcErrorCode.USER_REJECTION, EIP-1193's 4001 (Unisat, OKX, Bitget, Phantom).
const REJECTION_CODES = new Set([-32000, 4001])

function codeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'number' ? code : undefined
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' ? message : String(error)
}

/** Whether a wallet's error says the visitor declined. */
export function isUserRejection(error: unknown): boolean {
  const code = codeOf(error)
  if (code !== undefined) return REJECTION_CODES.has(code)
  // Some injected wallets throw a bare Error with only a text.
  return /user (rejected|denied|canceled|cancelled)|rejected by user/i.test(messageOf(error))
}

/** A wallet's error as core's: a decline is `UserRejectedRequestError`, anything else a request error. */
export function mapWalletError(error: unknown, method: string): BaseError {
  if (error instanceof BaseError) return error
  if (isUserRejection(error)) return new UserRejectedRequestError({ cause: error, details: messageOf(error) })
  return new ProviderRequestError(`The wallet could not answer ${method}.`, {
    cause: error,
    details: messageOf(error),
    ...(typeof (error as { code?: unknown })?.code === 'number'
      ? { code: (error as { code: number }).code }
      : {}),
  })
}

/** Calls the wallet, bounded by `timeoutMs`, with its errors mapped to core's. */
export async function callWallet<T>(
  method: string,
  call: () => Promise<T> | T,
  timeoutMs: number,
): Promise<T> {
  try {
    return await withTimeout(
      Promise.resolve().then(call),
      timeoutMs,
      () =>
        new ProviderTimeoutError({ timeoutMs, details: `${method} had no answer within ${timeoutMs} ms.` }),
    )
  } catch (error) {
    throw mapWalletError(error, method)
  }
}
