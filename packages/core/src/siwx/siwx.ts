import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { SiwxStatus } from '../state.js'
import type { SiwxSession } from './types.js'

export interface SiwxInfo {
  /** Whether the site configured sign-in. */
  enabled: boolean
  /** Whether the modal refuses to close without a session. */
  required: boolean
  status: SiwxStatus
  /** The active account's session, once signed in. */
  session: SiwxSession | undefined
  /** Why the last sign-in did not finish. */
  error: Notice | undefined
}

const siwx = /* @__PURE__ */ defineSelector((portico: Portico): SiwxInfo => {
  const { status, session, error } = portico.state.siwx
  return {
    enabled: portico.config.siwx !== undefined,
    required: portico.config.siwx?.required === true,
    status,
    session: session as SiwxSession | undefined,
    error,
  }
})
/**
 * Sign-in as the site and the modal see it: whether it is on, and the active account's session.
 *
 * @example
 * const { session } = getSiwx(portico)
 * if (session) console.log(session.data.accountAddress, 'is signed in')
 */
export const getSiwx = siwx.get
/** Calls `onChange(siwx, previous)` when sign-in changes; returns the unsubscribe. */
export const watchSiwx = siwx.watch
