import { SOCIAL_POPUP_PARAM, SOCIAL_PROOF_PARAM, SOCIAL_RESULT_PARAM } from '../types.js'

/** Takes the login's single-use marker, proof and popup mark out of the address bar. */
export function clearSocialParams(): void {
  const url = new URL(window.location.href)
  for (const name of [SOCIAL_POPUP_PARAM, SOCIAL_RESULT_PARAM, SOCIAL_PROOF_PARAM])
    url.searchParams.delete(name)
  try {
    window.history.replaceState(window.history.state, '', url.href)
  } catch {}
}
