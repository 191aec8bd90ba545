import type { Portico } from '../../portico.js'
import { showSocialImage } from '../socialImage.js'
import { socialLoginState } from '../socialLoginState.js'
import { finishSocialRedirect } from './finishSocialRedirect.js'
import { relaySocialPopup } from './relaySocialPopup.js'

/**
 * A page load that met a social login (`initialize`): one kept in storage from an earlier visit
 * gets its slice back, so Account shows its username (and a Farcaster picture) and disconnecting clears it; a page back from
 * the provider's full-page redirect finishes the login; a page loaded in a login's popup relays it
 * to its frame and closes (`relaySocialPopup`). Never rejects (see `finishSocialRedirect`).
 */
export async function restoreSocialLogin(portico: Portico): Promise<void> {
  socialLoginState(portico)
  // A Farcaster picture kept with the username is checked again before it is shown.
  const image = portico.internal.storage.get('socialImage')
  if (image) void showSocialImage(portico, image)
  if (await relaySocialPopup(portico)) return
  await finishSocialRedirect(portico)
}
