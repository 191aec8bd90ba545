/** The hidden iframe that hosts the frame, and the switch that shows it for an approval screen. */
export interface FrameElement {
  iframe: HTMLIFrameElement
  /** Lays the iframe over `container` (or the whole viewport) and makes it reachable. */
  show(container?: Element): void
  /** Hides the iframe again; it keeps running. */
  hide(): void
  /** Takes the iframe out of the page. */
  remove(): void
}

// Above the modal (z-index 999, SPEC §9), so the approval screen covers the view that asked for it.
const SHOWN_Z_INDEX = '1000'

/**
 * Creates the frame's iframe, hidden, and appends it to `document.body`. Styles are set through the
 * CSSOM (never a `style` attribute string), which a strict `style-src` CSP allows.
 */
export function createFrameElement(document: Document, src: string): FrameElement {
  const iframe = document.createElement('iframe')
  iframe.title = 'Embedded wallet'
  // Only what the frame needs: its own scripts and storage (same-origin), the approval form, and
  // popups for social logins. No `allow` list: the frame uses no camera, clipboard or payment API.
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups')
  iframe.setAttribute('referrerpolicy', 'origin')
  iframe.src = src

  const view = document.defaultView
  let container: Element | undefined
  let shown = false
  let layout: 'overlay' | 'inline' = 'overlay'

  // The frame styles its screen for where it is shown: a card over a dimmed page, or filling a
  // modal's view. The fragment is the only thing that changes, so the frame is not reloaded, and
  // `replace` leaves the page's history alone. A page script may change it too: it is layout only.
  const setLayout = (next: 'overlay' | 'inline') => {
    if (next === layout) return
    layout = next
    const url = new URL(src)
    url.hash = next === 'inline' ? 'inline' : ''
    try {
      iframe.contentWindow?.location.replace(url.href)
    } catch {
      // Without the hint the frame keeps its overlay look, which still works in a view.
    }
  }

  const place = () => {
    const style = iframe.style
    if (container) {
      const rect = container.getBoundingClientRect()
      style.setProperty('top', `${rect.top}px`)
      style.setProperty('left', `${rect.left}px`)
      style.setProperty('width', `${rect.width}px`)
      style.setProperty('height', `${rect.height}px`)
    } else {
      style.setProperty('top', '0')
      style.setProperty('left', '0')
      style.setProperty('width', '100%')
      style.setProperty('height', '100%')
    }
  }

  const conceal = () => {
    const style = iframe.style
    style.setProperty('position', 'fixed')
    style.setProperty('top', '0')
    style.setProperty('left', '0')
    style.setProperty('width', '0')
    style.setProperty('height', '0')
    style.setProperty('border', '0')
    style.setProperty('opacity', '0')
    style.setProperty('pointer-events', 'none')
    // The frame's page declares `color-scheme: light dark`; the same here keeps its backdrop see-through
    // (a scheme that differs from the page's would make the browser paint the frame opaque).
    style.setProperty('color-scheme', 'light dark')
    style.removeProperty('z-index')
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
  }

  // The container moves with the page and with the modal's own animations (a sheet sliding up on
  // phones), which fire no event: while shown over a container, its box is read once per frame.
  let tracking: number | undefined
  let lastBox = ''
  const follow = () => {
    tracking = undefined
    if (!shown || !container || !view) return
    const rect = container.getBoundingClientRect()
    const box = `${rect.top},${rect.left},${rect.width},${rect.height}`
    if (box !== lastBox) {
      lastBox = box
      place()
    }
    tracking = view.requestAnimationFrame(follow)
  }

  const stopFollowing = () => {
    view?.removeEventListener('resize', place)
    view?.removeEventListener('scroll', place, true)
    if (tracking !== undefined) view?.cancelAnimationFrame(tracking)
    tracking = undefined
    lastBox = ''
  }

  conceal()
  document.body.appendChild(iframe)

  return {
    iframe,
    show(target) {
      container = target
      setLayout(target ? 'inline' : 'overlay')
      place()
      iframe.style.setProperty('opacity', '1')
      iframe.style.setProperty('pointer-events', 'auto')
      iframe.style.setProperty('z-index', SHOWN_Z_INDEX)
      iframe.removeAttribute('aria-hidden')
      iframe.tabIndex = 0
      if (!shown) {
        // The container moves with the page; the fixed iframe has to follow it.
        view?.addEventListener('resize', place)
        view?.addEventListener('scroll', place, true)
        shown = true
      }
      if (target && tracking === undefined && typeof view?.requestAnimationFrame === 'function') {
        tracking = view.requestAnimationFrame(follow)
      }
    },
    hide() {
      stopFollowing()
      shown = false
      container = undefined
      conceal()
    },
    remove() {
      stopFollowing()
      iframe.remove()
    },
  }
}
