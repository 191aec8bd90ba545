import type { Portico } from '../portico.js'

/**
 * Leaves the social login (ConnectingSocial's Cancel, Back, closing the modal): its window closes,
 * and a late answer from the frame is ignored. The provider stays with a connected embedded wallet.
 * Kept small and free of the login's code: every close of the modal runs it.
 */
export function cancelSocialLogin(portico: Portico): void {
  const { state, internal } = portico
  internal.socialLoginAttempt = (internal.socialLoginAttempt ?? 0) + 1
  const { socialLogin } = state
  if (!socialLogin || (socialLogin.status === 'idle' && !socialLogin.error)) return
  for (const chain of Object.values(state.chains)) {
    if (!chain) continue
    const popup = chain.accountState.socialWindow
    if (popup && !popup.closed) popup.close()
    chain.accountState.socialWindow = undefined
    chain.accountState.socialProvider = socialLogin.accountProvider
  }
  Object.assign(socialLogin, { status: 'idle', provider: undefined, error: undefined })
}
