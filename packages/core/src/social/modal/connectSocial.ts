import { createLazyImport } from '../../adapterKit/createLazyImport.js'
import { refuseUntilLegalAccepted } from '../../modal/legalConsent.js'
import { navigate } from '../../modal/navigate.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import type { Portico } from '../../portico.js'
import { cancelSocialLogin } from '../cancelSocialLogin.js'
import { setSocialWindow } from '../setSocialWindow.js'
import { socialLoginState } from '../socialLoginState.js'
import type { SocialProvider } from '../types.js'

/** The window's name: a second login reuses the first one's window instead of opening another. */
export const SOCIAL_WINDOW_NAME = 'portico-social'

// The login's code loads on the click, after the window is open: sites that never offer social
// logins, and visitors who never click one, do not download it.
const loadRun = createLazyImport(() => import('./runSocialLogin.js'))

export type ConnectSocialParameters = { provider: SocialProvider }

/**
 * The Connect view's social buttons and ConnectingSocial's retry: call it in the click handler
 * itself. It opens the provider's window at once (blank, then sent to the provider once the frame
 * gives its address), so browsers count it as the visitor's own and do not block it, and shows
 * ConnectingSocial. A blocked window turns into a full-page redirect that comes back to this page
 * and finishes there (`finishSocialRedirect`). A closed window, a timeout, a denied consent or the
 * provider's error end on ConnectingSocial with the reason in `socialLogin.error` and a retry.
 * Never rejects: the outcome is on screen and in the log.
 *
 * @example
 * <button onClick={() => void connectSocial(portico, { provider: 'github' })}>GitHub</button>
 */
export function connectSocial(portico: Portico, parameters: ConnectSocialParameters): Promise<void> {
  const { state, internal } = portico
  const { provider } = parameters
  if (refuseUntilLegalAccepted(portico)) return Promise.resolve()
  internal.cancelSocialLogin = cancelSocialLogin
  internal.socialLoginAttempt = (internal.socialLoginAttempt ?? 0) + 1
  const attempt = internal.socialLoginAttempt
  const popup = internal.isBrowser ? openSocialWindow() : null
  Object.assign(socialLoginState(portico), { status: 'waiting', provider, error: undefined })
  setSocialWindow(portico, provider, popup ?? undefined)
  const route = { view: 'ConnectingSocial', params: { provider } } as const
  // Retrying from ConnectingSocial replaces it, so Back still leads to Connect.
  if (state.router.route.view === 'ConnectingSocial') replaceRoute(portico, route)
  else navigate(portico, route)
  return loadRun()
    .then(({ runSocialLogin }) => runSocialLogin(portico, { provider, popup, attempt }))
    .catch((error: unknown) => {
      // Only the chunk's own failure reaches here: `runSocialLogin` keeps its errors in state.
      if (attempt !== internal.socialLoginAttempt) return
      internal.logger.warn('social login: its code did not load', error)
      popup?.close()
      setSocialWindow(portico, provider, undefined)
      Object.assign(socialLoginState(portico), { status: 'idle', error: { key: 'frameLoadFailed' } })
    })
}

/**
 * A centred window of a sign-in page's usual size, opened blank (same origin, so nothing leaks
 * before the provider's address is known); `null` when the browser blocked it.
 */
function openSocialWindow(): Window | null {
  const width = 480
  const height = 640
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2))
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2))
  try {
    return window.open(
      'about:blank',
      SOCIAL_WINDOW_NAME,
      `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
    )
  } catch {
    // Some embedded browsers throw instead of answering null.
    return null
  }
}
