import { openModal } from '../../modal/openModal.js'
import { addMessages } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import { cancelSocialLogin } from '../cancelSocialLogin.js'
import { errorText } from '../errorText.js'
import { socialLoginState } from '../socialLoginState.js'
import { SOCIAL_MESSAGES } from '../socialMessages.js'
import { SOCIAL_POPUP_PARAM, SOCIAL_PROOF_PARAM, SOCIAL_RESULT_PARAM } from '../types.js'

addMessages(SOCIAL_MESSAGES)

/**
 * The frame refused a relayed login because it never started it (its secret is in another
 * browser's frame) or the address named none: SOCIAL_NOT_STARTED_HERE / SOCIAL_URI_INVALID, in the
 * refusal's message, details or data.
 */
export function refusedAsNotStartedHere(error: unknown): boolean {
  return /SOCIAL_NOT_STARTED_HERE|SOCIAL_URI_INVALID/.test(errorText(error))
}

/** Takes the login's single-use marker, proof and popup mark out of the address bar. */
export function clearSocialParams(): void {
  const url = new URL(window.location.href)
  for (const name of [SOCIAL_POPUP_PARAM, SOCIAL_RESULT_PARAM, SOCIAL_PROOF_PARAM])
    url.searchParams.delete(name)
  try {
    window.history.replaceState(window.history.state, '', url.href)
  } catch {}
}

/**
 * A login came back to this browser, whose frame never started it (a link someone started in their
 * own browser and sent here, or a note this page lost): the visitor is told so on a provider-less
 * ConnectingSocial, rather than left on a silent page wondering whether they logged someone in,
 * and Back leads to the ways of connecting.
 */
export function showNotStartedHere(portico: Portico): void {
  const { internal, state } = portico
  internal.cancelSocialLogin = cancelSocialLogin
  internal.socialLoginAttempt = (internal.socialLoginAttempt ?? 0) + 1
  Object.assign(socialLoginState(portico), {
    status: 'idle',
    provider: undefined,
    error: { key: 'socialNotStartedHere' },
  })
  openModal(portico, { route: { view: 'ConnectingSocial', params: {} } })
  state.router.history = [{ view: 'Connect' }]
}
