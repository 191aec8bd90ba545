import { afterLoadWhenIdle } from './afterLoadWhenIdle.js'
import { hasStoredConnections } from './connection/hasStoredConnections.js'
import type { Portico } from './portico.js'
import { SOCIAL_RESULT_PARAM } from './social/types.js'

/**
 * How long the page waits for stored connections before it shows its not-yet-connected state
 * (SPEC §9: 3 s). It is not how long a wallet may take: one still answering after it shows as
 * `reconnecting` until it is back, gone, or past its bound (`RECONNECT_BOUND_MS`).
 */
export const RECONNECT_TIMEOUT_MS = 3_000

/** How long the start waits for the browser to be idle after the page's load before it runs anyway. */
export const START_IDLE_TIMEOUT_MS = 1_000
/** Without `requestIdleCallback` (Safari), the wait after the page's load before the start runs. */
export const START_FALLBACK_DELAY_MS = 50

// Each instance's start (`startInstance`), registered by `createPortico`: this module only runs it
// once, so the actions that need it (opening the modal, `connect`, a wallet list) import no more
// than this, and the social login's redirect finish, which the start loads, can import `connect`.
const starts = new WeakMap<Portico, (portico: Portico) => Promise<void>>()

/** Registers the start `initialize` runs for an instance (`createPortico` does). */
export function setStart(portico: Portico, start: (portico: Portico) => Promise<void>): void {
  starts.set(portico, start)
}

/**
 * Starts the instance in the browser: restores the last network and recent wallets, starts
 * wallet discovery and reconnects stored connections without prompting. Safe to call more than
 * once; `initializeWhenIdle` calls it, and so does whatever needs it done (opening the modal,
 * `connect`, an adapter's event, a wallet list).
 */
export function initialize(portico: Portico): Promise<void> {
  const { internal } = portico
  if (internal.initialization) return internal.initialization
  // Set before the start runs: an adapter's event during its start (a wallet announcing itself)
  // finds it started and does not start it again.
  let settle: (started: Promise<void>) => void = () => {}
  internal.initialization = new Promise<void>((resolve) => {
    settle = resolve
  })
  settle(starts.get(portico)?.(portico) ?? Promise.resolve())
  return internal.initialization
}

/**
 * Runs `initialize` once the page has loaded and the browser is idle, so neither the page's load
 * nor the first paint of its button waits for wallet discovery; what needs the start before then
 * runs it at once. A visitor whose last visit ended connected, or who is back from a social login's
 * redirect, gets it at once: the reconnect and its SPEC §9 3 s window start as early as the page
 * does. `createPortico` calls it unless `ssr` is set, and `PorticoProvider` calls it on mount.
 * Returns the cancel of the wait (`destroy` cancels it too).
 */
export function initializeWhenIdle(portico: Portico): () => void {
  const { internal } = portico
  if (!internal.isBrowser || internal.initialization) return () => {}
  if (
    hasStoredConnections(portico) ||
    internal.storage.get('socialRedirect') ||
    new URLSearchParams(window.location.search).has(SOCIAL_RESULT_PARAM)
  ) {
    void initialize(portico)
    return () => {}
  }
  const stop = afterLoadWhenIdle(() => void initialize(portico), {
    timeoutMs: START_IDLE_TIMEOUT_MS,
    fallbackMs: START_FALLBACK_DELAY_MS,
  })
  internal.cleanups.push(stop)
  return stop
}
