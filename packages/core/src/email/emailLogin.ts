import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { EmailLoginStatus } from '../state.js'

export interface EmailLoginInfo {
  /** Whether the site offers the e-mail login (an embedded wallet configured and `features.email` on). */
  enabled: boolean
  status: EmailLoginStatus
  email: string | undefined
  error: Notice | undefined
  /** The e-mail of the connected embedded wallet. */
  accountEmail: string | undefined
}

const emailLogin = /* @__PURE__ */ defineSelector((portico: Portico): EmailLoginInfo => {
  const { status, email, error, accountEmail } = portico.state.emailLogin
  return {
    enabled: portico.config.embeddedWallet !== undefined && portico.options.features.email,
    status,
    email,
    error,
    accountEmail,
  }
})
/**
 * The e-mail login as the Connect and code views show it.
 *
 * @example
 * const { enabled, status } = getEmailLogin(portico)
 */
export const getEmailLogin = emailLogin.get
/** Calls `onChange(login, previous)` when the e-mail login changes; returns the unsubscribe. */
export const watchEmailLogin = emailLogin.watch
