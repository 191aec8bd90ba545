/** Everything an error says (its message, details, data and causes), to look for a server's code in. */
export function errorText(error: unknown): string {
  const parts: string[] = []
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const { message, details, data, cause } = current as {
      message?: unknown
      details?: unknown
      data?: unknown
      cause?: unknown
    }
    for (const part of [message, details]) if (typeof part === 'string') parts.push(part)
    if (data !== undefined) {
      try {
        parts.push(JSON.stringify(data))
      } catch {}
    }
    current = cause
  }
  return parts.join('\n')
}
