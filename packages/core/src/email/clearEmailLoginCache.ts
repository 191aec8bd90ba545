import type { Portico } from '../portico.js'
import { resetEmailLogin } from './resetEmailLogin.js'

/**
 * Forgets the e-mail or Farcaster login (SPEC §3 flags and identity: the email-login-used flag, the
 * e-mail, the social provider and username),
 * on disconnect or when the embedded wallet says it is not connected (SPEC §4). The time of the
 * last login stays, so the 30 s cool-down still holds. The social username and provider go too.
 */
export function clearEmailLoginCache(portico: Portico): void {
  portico.internal.storage.remove('emailLoginUsed')
  portico.internal.storage.remove('email')
  resetEmailLogin(portico)
  portico.state.emailLogin.accountEmail = undefined
  // A social (or Farcaster) login's embedded wallet is the same wallet: its username and provider go with it (SPEC §3).
  portico.internal.storage.remove('socialUsername')
  portico.internal.storage.remove('socialProvider')
  portico.internal.storage.remove('socialImage')
  portico.internal.clearSocialLogin?.(portico)
}
