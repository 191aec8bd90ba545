import { snapshot } from 'valtio/vanilla'
import { memo } from '../memo.js'
import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import type { EmailLoginStatus } from '../state.js'
import { type WatchParameters, watchAreas } from '../watch.js'

export interface EmailLoginInfo {
  /** Whether the site offers the e-mail login (an embedded wallet configured and `features.email` on). */
  enabled: boolean
  status: EmailLoginStatus
  email: string | undefined
  error: Notice | undefined
  /** The e-mail of the connected embedded wallet. */
  accountEmail: string | undefined
}

/**
 * The e-mail login as the Connect and code views show it.
 *
 * @example
 * const { enabled, status } = getEmailLogin(portico)
 */
export function getEmailLogin(portico: Portico): EmailLoginInfo {
  const login = snapshot(portico.state.emailLogin)
  return memo(portico, 'emailLogin', [login], () => ({
    enabled: portico.config.embeddedWallet !== undefined && portico.options.features.email,
    status: login.status,
    email: login.email,
    error: login.error,
    accountEmail: login.accountEmail,
  }))
}

/** Calls `onChange` when the e-mail login changes. Returns the unsubscribe. */
export function watchEmailLogin(portico: Portico, parameters: WatchParameters): () => void {
  return watchAreas(portico, ['emailLogin'], parameters)
}
