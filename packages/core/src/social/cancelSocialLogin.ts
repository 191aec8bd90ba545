import type { Portico } from '../portico.js'
import { setSocialWindow } from './setSocialWindow.js'

/**
 * Leaves the social login (ConnectingSocial's Cancel, Back, closing the modal): its window closes,
 * and a late answer from the frame is ignored. The provider stays with a connected embedded wallet.
 */
export function cancelSocialLogin(portico: Portico): void {
  const { state, internal } = portico
  internal.socialLoginAttempt++
  for (const chain of Object.values(state.chains)) {
    const popup = chain?.accountState.socialWindow
    if (popup && !popup.closed) popup.close()
  }
  if (state.socialLogin.status !== 'idle' || state.socialLogin.error) {
    setSocialWindow(portico, state.socialLogin.accountProvider, undefined)
    Object.assign(state.socialLogin, { status: 'idle', provider: undefined, error: undefined })
  }
}
