import { ref } from 'valtio/vanilla'
import type { Portico } from '../portico.js'
import { SocialWindow } from './socialWindow.js'

/**
 * SPEC §3 account state: the provider of the social login on each chain, and its window while the
 * login waits for it (a `ref`: never proxied).
 */
export function setSocialWindow(
  portico: Portico,
  provider: string | undefined,
  popup: Window | undefined,
): void {
  for (const chain of Object.values(portico.state.chains)) {
    if (!chain) continue
    chain.accountState.socialProvider = provider
    chain.accountState.socialWindow = popup ? ref(new SocialWindow(popup)) : undefined
  }
}
