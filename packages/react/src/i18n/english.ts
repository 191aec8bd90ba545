import { enFirst } from './enFirst.js'
import type { Messages } from './messages.js'

/**
 * The English texts the page has: the button's and the frame's fallback texts from the start, the
 * modal's own once the frame's chunk has loaded (`addEnglish`). Typed as the whole catalogue because
 * every component that reads a modal text is in that chunk or in a view's chunk loaded after it,
 * so it never renders before they are here. Like a module cache, this holds code, not state.
 */
export const english: Messages = { ...enFirst } as Messages

/** Adds texts that arrived with a chunk to `english`. */
export function addEnglish(texts: Partial<Messages>): void {
  Object.assign(english, texts)
}
