/** A step of the bench that did not finish in its time. */
export class BenchTimeoutError extends Error {
  override name = 'BenchTimeoutError' as const
}

/**
 * The promise's outcome, or a BenchTimeoutError saying what was awaited once `ms` have passed. The
 * step itself is not cancelled: the caller closes what it belongs to (the page, the browser).
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new BenchTimeoutError(`Timed out after ${ms} ms waiting for ${what}`)),
      ms,
    )
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}
