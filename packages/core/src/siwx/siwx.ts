import { snapshot } from 'valtio/vanilla'
import { memo } from '../memo.js'
import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { SiwxStatus } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'
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

/**
 * Sign-in as the site and the modal see it: whether it is on, and the active account's session.
 *
 * @example
 * const { session } = getSiwx(portico)
 * if (session) console.log(session.data.accountAddress, 'is signed in')
 */
export function getSiwx(portico: Portico): SiwxInfo {
  const siwx = snapshot(portico.state.siwx)
  return memo(portico, 'siwx', [siwx], () => ({
    enabled: portico.config.siwx !== undefined,
    required: portico.config.siwx?.required === true,
    status: siwx.status,
    session: siwx.session as SiwxSession | undefined,
    error: siwx.error,
  }))
}

/** Calls `onChange` when sign-in changes. Returns the unsubscribe. */
export function watchSiwx(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['siwx'], parameters)
}
