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
