/**
 * Settles like `promise`, or rejects with `onTimeout()` after `timeoutMs`: for waits on code Portico
 * does not control (a wallet, a site's storage), so nothing in the modal waits forever.
 */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
