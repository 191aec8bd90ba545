import { afterLoadWhenIdle, getDefaultRoute, type Portico, type View } from '@portico/core'
import { loadModalDialog } from './loadModalDialog.js'
import { markModalWarm } from './modalWarmth.js'
import { loadView } from './views.js'

/** How long an idle preload waits for the browser to be idle before it fetches anyway. */
export const PRELOAD_IDLE_TIMEOUT_MS = 2000
/** Without `requestIdleCallback` (Safari), the wait after load before the preload starts. */
export const PRELOAD_FALLBACK_DELAY_MS = 200

/**
 * Starts fetching one view's chunk and the modal's frame, on a sign of intent (the pointer over
 * the button that opens the modal, or focus on it), so the modal opens on a view that is already
 * there. `<ConnectButton>` does this itself; a site's own button calls it the same way. Fetched once; a failure is kept
 * quiet here and shown by the view if it is opened.
 *
 * @example
 * <button onPointerEnter={() => preloadView('Connect')} onFocus={() => preloadView('Connect')}
 *   onClick={() => openModal()}>Connect</button>
 */
export function preloadView(view: View): void {
  loadModalDialog().catch(() => {})
  loadView(view).catch(() => {})
}

/**
 * Starts fetching the code of the view the modal would open on now (Connect, or Account when a
 * wallet is connected), so a click shows it in the same frame. Once both are there, the closed
 * modal is rendered hidden (nothing of it reachable by focus, pointer or screen reader), so the
 * click only reveals it. `<PorticoProvider>` calls it once
 * the page is idle after load and `<ConnectButton>` on pointer or focus; a site's own button calls
 * it the same way. Fetched once; a failed fetch is kept quiet here and shown by the view if opened.
 *
 * @example
 * <button onPointerEnter={() => preloadModal(portico)} onFocus={() => preloadModal(portico)}
 *   onClick={() => openModal()}>Log in</button>
 */
export function preloadModal(portico: Portico): void {
  const view = getDefaultRoute(portico).view
  preloadView(view)
  Promise.all([loadModalDialog(), loadView(view)]).then(
    () => markModalWarm(portico),
    () => {},
  )
}

/** The visitor's browser asks for less data (the Save-Data setting). */
function savesData(): boolean {
  const connection = (globalThis.navigator as { connection?: { saveData?: boolean } } | undefined)?.connection
  return connection?.saveData === true
}

/**
 * Calls `preloadModal` once the page has loaded and the browser is idle, so the first click on the
 * button finds the modal's code there without the preload competing with the page's own load.
 * Does nothing when the visitor's browser saves data. Returns the cancel.
 */
export function preloadModalWhenIdle(portico: Portico): () => void {
  if (typeof window === 'undefined' || savesData()) return () => {}
  return afterLoadWhenIdle(() => preloadModal(portico), {
    timeoutMs: PRELOAD_IDLE_TIMEOUT_MS,
    fallbackMs: PRELOAD_FALLBACK_DELAY_MS,
  })
}
