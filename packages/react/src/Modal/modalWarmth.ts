import type { Portico } from '@portico/core'

// The instances whose modal code (frame and first view) is there, so their closed modal is
// rendered hidden ahead of the click. Like a module cache, this holds what was fetched, not state
// a visitor sees: a WeakSet, so a dropped instance is not kept.
const warm = new WeakSet<Portico>()
const listeners = new Set<() => void>()

/** Marks `portico`'s modal ready to be rendered hidden ahead of its first opening. */
export function markModalWarm(portico: Portico): void {
  if (warm.has(portico)) return
  warm.add(portico)
  for (const listener of listeners) listener()
}

/** Whether `portico`'s modal code is there, for `useSyncExternalStore`. */
export function isModalWarm(portico: Portico): boolean {
  return warm.has(portico)
}

/** Calls `listener` when an instance's modal becomes warm; returns the unsubscribe. */
export function subscribeModalWarmth(listener: () => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
