import type { Portico } from '../../portico.js'
import { SOCIAL_POPUP_PARAM, SOCIAL_PROOF_PARAM, SOCIAL_RESULT_PARAM } from '../types.js'
import { clearSocialParams } from './clearSocialParams.js'

/**
 * How long a window given `window.close()` may still run before the page takes it for a tab the
 * visitor opened (which a script cannot close): a window its opener's script opened is closing by then.
 */
export const SOCIAL_CLOSE_GRACE_MS = 100

/**
 * This page was loaded in a social login's popup, sent back by the server's callback (the address
 * carries SOCIAL_POPUP_PARAM and the login's marker): after a consent, the address also carries the
 * one-time proof, which only this browser received. Relays the address to this page's own frame
 * (APP_CONNECT_SOCIAL{uri}): the frame is the opener's frame's partition (same site), so it holds the
 * login's secret and finishes it; the session cookie it gets is the opener's frame's too, which then
 * reads it (its wait ends as "finished"). Then closes the window. Without a proof (a refused
 * consent, a provider's error) nothing is relayed: the opener's frame hears the failure from the
 * server itself. A frame that refuses the login as never started here, in a page that stays open
 * (a tab: the login's link was followed in a browser that did not start it, perhaps sent to a
 * victim), says so in the modal instead of leaving a silent page. Resolves true when the page was
 * such a popup. Never rejects.
 */
export async function relaySocialPopup(portico: Portico): Promise<boolean> {
  const { searchParams } = new URL(window.location.href)
  if (searchParams.get(SOCIAL_POPUP_PARAM) !== '1' || !searchParams.has(SOCIAL_RESULT_PARAM)) return false
  const uri = window.location.href
  // The marker and the proof are single-use and mean nothing to the site: they leave the address bar.
  clearSocialParams()
  const connectSocial = portico.config.embeddedWallet?.connectSocial
  let login: typeof import('./runSocialLogin.js') | undefined
  if (searchParams.has(SOCIAL_PROOF_PARAM) && connectSocial) {
    try {
      await connectSocial.call(portico.config.embeddedWallet, { uri })
    } catch (error) {
      // The login's code, to read the refusal and show it, is fetched only on one.
      const code = await import('./runSocialLogin.js').catch(() => undefined)
      if (code?.refusedAsNotStartedHere(error)) login = code
      // The opener's frame tells the visitor what went wrong: its own wait ends with it.
      portico.internal.logger.warn('social login: the popup could not finish the login', error)
    }
  }
  // A window a script opened closes; a tab the visitor opened (a link followed elsewhere) stays.
  window.close()
  if (!login) return true
  await new Promise((resolve) => setTimeout(resolve, SOCIAL_CLOSE_GRACE_MS))
  // Still open: no opener here waits to tell the visitor, so this page does.
  if (!window.closed) login.showNotStartedHere(portico)
  return true
}
