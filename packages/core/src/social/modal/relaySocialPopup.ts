import type { Portico } from '../../portico.js'
import { SOCIAL_POPUP_PARAM, SOCIAL_PROOF_PARAM, SOCIAL_RESULT_PARAM } from '../types.js'

/**
 * This page was loaded in a social login's popup, sent back by the server's callback (the address
 * carries SOCIAL_POPUP_PARAM and the login's marker): after a consent, the address also carries the
 * one-time proof, which only this browser received. Relays the address to this page's own frame
 * (APP_CONNECT_SOCIAL{uri}): the frame is the opener's frame's partition (same site), so it holds the
 * login's secret and finishes it; the session cookie it gets is the opener's frame's too, which then
 * reads it (its wait ends as "finished"). Then closes the window. Without a proof (a refused
 * consent, a provider's error) nothing is relayed: the opener's frame hears the failure from the
 * server itself. Resolves true when the page was such a popup. Never rejects.
 */
export async function relaySocialPopup(portico: Portico): Promise<boolean> {
  const url = new URL(window.location.href)
  const { searchParams } = url
  if (searchParams.get(SOCIAL_POPUP_PARAM) !== '1' || !searchParams.has(SOCIAL_RESULT_PARAM)) return false
  const uri = url.href
  // The marker and the proof are single-use and mean nothing to the site: they leave the address bar.
  for (const name of [SOCIAL_POPUP_PARAM, SOCIAL_RESULT_PARAM, SOCIAL_PROOF_PARAM]) searchParams.delete(name)
  try {
    window.history.replaceState(window.history.state, '', url.href)
  } catch {}
  const connectSocial = portico.config.embeddedWallet?.connectSocial
  if (new URL(uri).searchParams.has(SOCIAL_PROOF_PARAM) && connectSocial) {
    try {
      await connectSocial.call(portico.config.embeddedWallet, { uri })
    } catch (error) {
      // The opener's frame tells the visitor what went wrong: its own wait ends with it.
      portico.internal.logger.warn('social login: the popup could not finish the login', error)
    }
  }
  // A window a script opened closes; a tab the visitor opened (a link followed elsewhere) stays.
  window.close()
  return true
}
