import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'

/**
 * How long the modal must have been open before a click on its backdrop or close button closes it:
 * long enough for a person to have seen it. The second click of a double-click on the page's
 * 'Connect Wallet' lands on the backdrop some 30–300 ms after the first one opened the modal.
 */
export const MODAL_CLOSE_GUARD_MS = 500

export type CloseModalByPointerParameters = {
  /**
   * The press that ended in this click began on the same element (the backdrop, the close button).
   * A press inside the dialog released over the backdrop (selecting text, a drag) is not a click
   * on the backdrop.
   */
  pressedHere: boolean
}

/**
 * A pointer click on the backdrop or the close button: closes the modal as `closeModal` does, unless
 * the press began elsewhere or the modal opened less than `MODAL_CLOSE_GUARD_MS` ago. Returns
 * whether it closed. Keys (Esc, Enter on the close button) use `closeModal` and are never held back.
 *
 * @example
 * closeModalByPointer(portico, { pressedHere: pointerDownTarget === event.currentTarget })
 */
export function closeModalByPointer(portico: Portico, parameters: CloseModalByPointerParameters): boolean {
  if (!parameters.pressedHere) return false
  const openedAt = portico.internal.modalOpenedAt
  if (openedAt !== undefined && Date.now() - openedAt < MODAL_CLOSE_GUARD_MS) return false
  closeModal(portico)
  return true
}
