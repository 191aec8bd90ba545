export interface PollUntilParameters<T> {
  /** One attempt: a value ends the wait, undefined asks again after `intervalMs`; a throw is retried. */
  poll: () => Promise<T | undefined>
  intervalMs: number
  timeoutMs: number
  /** The error the wait rejects with at `timeoutMs`; `lastError` is the last failed attempt's. */
  onTimeout: (lastError: unknown) => Error
}

/**
 * Asks `poll` every `intervalMs` until it answers, for a transaction receipt or confirmation. A
 * failed attempt (a flaky RPC) is retried until the deadline; the wait never outlives `timeoutMs`,
 * and no attempt starts after it.
 */
export async function pollUntil<T>({
  poll,
  intervalMs,
  timeoutMs,
  onTimeout,
}: PollUntilParameters<T>): Promise<T> {
  let lastError: unknown
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout(lastError)), timeoutMs)
  })
  const loop = async (): Promise<T> => {
    while (!stopped) {
      try {
        const value = await poll()
        if (value !== undefined) return value
      } catch (error) {
        lastError = error
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
    return new Promise<never>(() => {})
  }
  try {
    return await Promise.race([loop(), deadline])
  } finally {
    stopped = true
    clearTimeout(timer)
  }
}
