import type { Portico } from '../../portico.js'
import { socialLoginState } from '../socialLoginState.js'
import { finishSocialRedirect } from './finishSocialRedirect.js'

/**
 * A page load that met a social login (`initialize`): one kept in storage from an earlier visit
 * gets its slice back, so Account shows its username and disconnecting clears it; a page back from
 * the provider's full-page redirect finishes the login. Never rejects (see `finishSocialRedirect`).
 */
export async function restoreSocialLogin(portico: Portico): Promise<void> {
  socialLoginState(portico)
  await finishSocialRedirect(portico)
}
