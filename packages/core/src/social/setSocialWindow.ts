import { ref } from 'valtio/vanilla'
import type { Portico } from '../portico.js'

/**
 * The provider's window of a social login, as state holds it: an object of its own class, so state
 * reads compare it by identity and never reach into the window (a window on the provider's origin
 * throws on almost any property read).
 */
export class SocialWindow {
  // Private, so state's types never walk the DOM's Window type either.
  readonly #window: Window
  constructor(window: Window) {
    this.#window = window
  }
  /** Whether the visitor (or the page) closed it. */
  get closed(): boolean {
    return this.#window.closed
  }
  close(): void {
    this.#window.close()
  }
}

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
