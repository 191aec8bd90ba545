import type { Portico } from './portico.js'

/** Stops discovery, timers and listeners of an instance (tests, hot reload, unmount). */
export function destroy(portico: Portico): void {
  const { internal } = portico
  for (const cleanup of internal.cleanups.splice(0)) cleanup()
  for (const timer of Object.values(internal.timers)) clearTimeout(timer)
  internal.timers = {}
}
