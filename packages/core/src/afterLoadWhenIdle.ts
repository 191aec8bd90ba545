/**
 * Runs `run` once the page has loaded and the browser is idle (`requestIdleCallback`, at most
 * `timeoutMs` after load; without it, as in Safari, `fallbackMs` after load), so work that can wait
 * never competes with the page's own load. Returns the cancel. Browser only.
 */
export function afterLoadWhenIdle(
  run: () => void,
  { timeoutMs, fallbackMs }: { timeoutMs: number; fallbackMs: number },
): () => void {
  let cancel = () => {}
  const whenLoaded = () => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => run(), { timeout: timeoutMs })
      cancel = () => cancelIdleCallback(handle)
    } else {
      const timer = setTimeout(run, fallbackMs)
      cancel = () => clearTimeout(timer)
    }
  }
  if (document.readyState === 'complete') whenLoaded()
  else {
    window.addEventListener('load', whenLoaded, { once: true })
    cancel = () => window.removeEventListener('load', whenLoaded)
  }
  return () => cancel()
}
