import { openModal } from '../../modal/openModal.js'
import type { Portico } from '../../portico.js'
import { cancelSocialLogin } from '../cancelSocialLogin.js'
import { setSocialWindow } from '../setSocialWindow.js'
import { socialLoginState } from '../socialLoginState.js'
import { SOCIAL_RESULT_PARAM } from '../types.js'
import { clearSocialParams } from './clearSocialParams.js'

/**
 * The page came back from the provider by a full-page redirect (its window had been blocked):
 * shows ConnectingSocial, relays the address the page came back to (an opaque marker for the frame)
 * with APP_CONNECT_SOCIAL, puts the page's address back as it was before the login, and connects.
 * Runs once per redirect (the note is removed first); a note older than
 * `SOCIAL_REDIRECT_MAX_AGE_MS` is dropped; a marker without a note (a login started in another
 * browser) is refused on ConnectingSocial without a provider. Never rejects: a failure shows on ConnectingSocial.
 */
export async function finishSocialRedirect(portico: Portico): Promise<void> {
  const { internal, state } = portico
  const note = internal.storage.get('socialRedirect')
  if (!note) {
    // Back with the server's marker, yet this browser noted no redirect: the login was started in
    // another browser (its link followed here, perhaps sent to a victim). Nothing to finish: the
    // address bar is cleaned and the visitor told, rather than left on a silent page.
    if (new URL(window.location.href).searchParams.has(SOCIAL_RESULT_PARAM)) {
      clearSocialParams()
      const { showNotStartedHere } = await import('./runSocialLogin.js')
      showNotStartedHere(portico)
    }
    return
  }
  internal.storage.remove('socialRedirect')
  // The login's code is fetched only now, with its own chunks: the page's first load names none of them.
  const { finishSocialLogin, SOCIAL_REDIRECT_MAX_AGE_MS, socialLoginMessage } = await import(
    './runSocialLogin.js'
  )
  if (Date.now() - note.startedAt > SOCIAL_REDIRECT_MAX_AGE_MS || Date.now() < note.startedAt) {
    internal.logger.warn('social login: a redirect too old to finish was dropped')
    return
  }
  const uri = window.location.href
  // Back without the server's marker (the visitor left the provider with the browser's Back): nothing to finish.
  if (!new URL(uri).searchParams.has(SOCIAL_RESULT_PARAM)) {
    internal.logger.warn('social login: the page came back without the login’s marker')
    return
  }
  // The marker is single-use and means nothing to the site: it leaves the address bar at once.
  try {
    const back = new URL(note.returnUrl)
    if (back.origin === window.location.origin)
      window.history.replaceState(window.history.state, '', back.href)
  } catch {}
  internal.cancelSocialLogin = cancelSocialLogin
  internal.socialLoginAttempt = (internal.socialLoginAttempt ?? 0) + 1
  const attempt = internal.socialLoginAttempt
  Object.assign(socialLoginState(portico), {
    status: 'connecting',
    provider: note.provider,
    error: undefined,
  })
  setSocialWindow(portico, note.provider, undefined)
  openModal(portico, { route: { view: 'ConnectingSocial', params: { provider: note.provider } } })
  // Back (or Cancel) leads to the ways of connecting, as after a login started in the modal.
  state.router.history = [{ view: 'Connect' }]
  try {
    await finishSocialLogin(portico, { provider: note.provider, uri, attempt })
  } catch (error) {
    if (attempt !== internal.socialLoginAttempt) return
    internal.logger.warn(`social login: ${note.provider} did not finish after the redirect`, error)
    Object.assign(socialLoginState(portico), {
      status: 'idle',
      error: socialLoginMessage(error, note.provider),
    })
  }
}
