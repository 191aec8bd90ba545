import { BaseError } from '../errors/base.js'

// Shared by every sign-in step that waits on the site's storage (checking, signing, connecting with
// a sign-in, disconnecting), so it lives apart from any one of them.

/** How long reading stored sessions may take before sign-in counts as failed to initialise. */
export const SIWX_CHECK_TIMEOUT_MS = 10_000

/** Sign-in storage did not answer in time. */
export class SiwxTimeoutError extends BaseError {
  override name = 'SiwxTimeoutError' as const
  constructor(what: string, timeoutMs: number) {
    super('Sign-in did not answer in time.', { details: `${what}: waited ${timeoutMs} ms.` })
  }
}
export type SiwxTimeoutErrorType = SiwxTimeoutError & { name: 'SiwxTimeoutError' }
