import type { Portico } from '../portico.js'
import { resetEmailLogin } from './resetEmailLogin.js'

/**
 * Forgets the e-mail or Farcaster login (SPEC §3 flags and identity: the email-login-used flag, the
 * e-mail, the social provider and username),
 * on disconnect or when the embedded wallet says it is not connected (SPEC §4). The time of the
 * last login stays, so the 30 s cool-down still holds.
 */
export function clearEmailLoginCache(portico: Portico): void {
  portico.internal.storage.remove('emailLoginUsed')
  portico.internal.storage.remove('email')
  resetEmailLogin(portico)
  portico.state.emailLogin.accountEmail = undefined
  // A Farcaster login is the same embedded wallet: its social identity goes with it.
  portico.internal.storage.remove('socialProvider')
  portico.internal.storage.remove('socialUsername')
  Object.assign(portico.state.farcasterLogin, { accountUsername: undefined, accountImage: undefined })
}
