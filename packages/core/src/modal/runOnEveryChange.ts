import { subscribe } from 'valtio/vanilla'

/**
 * Runs `step` now and after every change of `state`, synchronously, so a keystroke restarts a
 * form's debounce at once. A change `step` makes itself runs it again afterwards rather than
 * inside itself. Returns the unsubscribe. The send and swap forms' watchers are written on it.
 *
 * @example
 * const stop = runOnEveryChange(portico.state, () => quoteWhenTheFormChanged())
 */
export function runOnEveryChange(state: object, step: () => void): () => void {
  let running = false
  let again = false
  const check = () => {
    if (running) {
      again = true
      return
    }
    running = true
    try {
      do {
        again = false
        step()
      } while (again)
    } finally {
      running = false
    }
  }
  const unsubscribe = subscribe(state, check, true)
  check()
  return unsubscribe
}
