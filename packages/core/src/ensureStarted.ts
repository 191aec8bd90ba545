import type { Portico } from './portico.js'

// Each instance's start, registered by `createPortico`. Kept apart from `initialize` so the actions
// that need the start (connect, opening the modal, watching the wallets) reach it without
// importing what it imports (the social login's redirect finish imports `connect` back).
const starts = new WeakMap<Portico, () => void>()

/** Registers how `ensureStarted` starts this instance (`createPortico` does, with `initialize`). */
export function setStart(portico: Portico, start: () => void): void {
  starts.set(portico, start)
}

/**
 * Starts the instance now if it has not started yet (its start waits for the page to be idle):
 * for whatever needs the wallets discovered or the last connection restored before then.
 */
export function ensureStarted(portico: Portico): void {
  starts.get(portico)?.()
}
