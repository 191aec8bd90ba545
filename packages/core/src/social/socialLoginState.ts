import type { Portico } from '../portico.js'
import type { SocialLoginState } from '../state.js'

/**
 * The social login's slice of the state, created by the feature's first use (a login, a selector
 * read, a page that comes back with one kept in storage): pages that never meet a social login do
 * not carry it, nor the code that fills and clears it. The kept username and provider (SPEC §3) are
 * read from storage then, and disconnecting clears them through `clearSocialLogin`.
 */
export function socialLoginState(portico: Portico): SocialLoginState {
  const { state, internal } = portico
  if (!state.socialLogin) {
    internal.clearSocialLogin = clearSocialLogin
    state.socialLogin = {
      status: 'idle',
      provider: undefined,
      error: undefined,
      accountUsername: internal.storage.get('socialUsername'),
      accountProvider: internal.storage.get('socialProvider'),
    }
  }
  return state.socialLogin
}

/**
 * Forgets the connected account's social login in the state (its storage keys are removed with the
 * e-mail login's, `clearEmailLoginCache`): the embedded wallet it belonged to is gone.
 */
function clearSocialLogin(portico: Portico): void {
  if (portico.state.socialLogin)
    Object.assign(portico.state.socialLogin, {
      accountUsername: undefined,
      accountProvider: undefined,
      accountImage: undefined,
    })
  for (const chain of Object.values(portico.state.chains))
    if (chain) chain.accountState.socialProvider = undefined
}
