/** A project's allowed origin is not of the form scheme://host[:port]. */
import { BaseError } from '@portico/core/errors'

export class InvalidOriginError extends BaseError {
  override name = 'InvalidOriginError' as const
}
export type InvalidOriginErrorType = InvalidOriginError & { name: 'InvalidOriginError' }

/**
 * Checks one allowed origin and returns it in the form browsers send in the `Origin` header
 * (lower-case scheme and host, default port dropped). `*` allows any origin.
 */
export function normaliseOrigin(input: string): string {
  const value = input.trim()
  if (value === '*') return '*'
  const shape = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]+)\/?$/
  if (!shape.test(value)) {
    throw new InvalidOriginError(
      `"${input}" is not an origin: write scheme://host[:port] with no path, e.g. https://example.com or http://localhost:5173.`,
    )
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new InvalidOriginError(`"${input}" is not an origin: the host or port is not valid.`)
  }
  if (url.username || url.password) {
    throw new InvalidOriginError(`"${input}" is not an origin: it must not contain a user name or password.`)
  }
  if (url.origin === 'null') {
    throw new InvalidOriginError(`"${input}" is not an origin a browser sends: use an http or https address.`)
  }
  return url.origin
}

/** Whether a request's `Origin` header is on the list. */
export function isOriginAllowed(allowed: readonly string[], origin: string): boolean {
  return allowed.includes('*') || allowed.includes(origin)
}
