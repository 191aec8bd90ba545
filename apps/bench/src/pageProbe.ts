// Runs in the page, before any of its scripts (an init script): announces one EIP-6963 wallet and
// timestamps, with the page's own clock, the first frames that paint the button, the modal's dialog
// and the wallet's row. Timing in the page leaves out the latency of the bench polling from outside.

/** The name of the wallet the probe announces; its row in the modal is what the bench waits for. */
export const WALLET_NAME = 'Bench Wallet'
/** The text of the button that opens the modal, on both sites. */
export const BUTTON_LABEL = 'Connect Wallet'

/** Page times (ms since navigation start, `performance.now()`) the probe records. */
export type ProbeMarks = {
  /** The first frame that paints the button, enabled. */
  button?: number
  /** Set by the bench just before it moves the pointer to the button. */
  beforeClick?: number
  /** The click's input event (`event.timeStamp`, so time waiting for a busy main thread counts). */
  click?: number
  /** The first frame that paints the modal's dialog. */
  modal?: number
  /** The first frame that paints the announced wallet's row. */
  walletRow?: number
}

export type Probe = { marks: ProbeMarks; buttonReady: Promise<void>; opened: Promise<void> }

declare global {
  interface Window {
    __bench: Probe
  }
}

/**
 * The init script. Self-contained, as Playwright sends its source to the page: it may use only its
 * argument and the page's globals.
 */
export function installProbe({ walletName, buttonLabel }: { walletName: string; buttonLabel: string }): void {
  const marks: ProbeMarks = {}
  let buttonPainted = () => {}
  let openPainted = () => {}
  const probe: Probe = {
    marks,
    buttonReady: new Promise<void>((resolve) => {
      buttonPainted = resolve
    }),
    opened: new Promise<void>((resolve) => {
      openPainted = resolve
    }),
  }
  window.__bench = probe
  // Every resource of the run, the modal's chunks included (the default buffer holds 250).
  performance.setResourceTimingBufferSize(10_000)

  // A message posted from an animation frame callback is handled once that frame has been rendered:
  // its time is when the frame that shows the element was painted.
  const afterFramePaint = (record: (time: number) => void) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => record(performance.now())
    channel.port2.postMessage(undefined)
  }
  // A box, and not hidden by `visibility` (a modal rendered ahead of the click is laid out but unseen).
  const hasBox = (element: Element) => {
    const box = element.getBoundingClientRect()
    return box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true })
  }

  // One EIP-6963 wallet with a minimal EIP-1193 provider: enough to be listed, never asked to connect.
  const provider = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_chainId') return '0x1'
      if (method === 'eth_accounts') return []
      if (method === 'net_version') return '1'
      throw Object.assign(new Error(`The bench wallet does not support ${method}`), { code: 4200 })
    },
    on: () => provider,
    removeListener: () => provider,
  }
  const info = Object.freeze({
    uuid: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    name: walletName,
    icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><rect width='1' height='1' fill='%23888'/></svg>",
    rdns: 'dev.portico.bench',
  })
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()

  // The button: watched from the document's first node until it is there and enabled.
  const findButton = () =>
    [...document.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === buttonLabel && !button.disabled,
    )
  const buttonObserver = new MutationObserver(() => {
    if (!findButton()) return
    buttonObserver.disconnect()
    requestAnimationFrame(() =>
      afterFramePaint((time) => {
        marks.button = time
        buttonPainted()
      }),
    )
  })
  buttonObserver.observe(document, { childList: true, subtree: true, characterData: true, attributes: true })

  // The modal lives in an open shadow root; after the click, every frame looks for its dialog and
  // for the wallet's row until both have been painted.
  let modalSeen = false
  let rowSeen = false
  const watchFrames = () => {
    const root = document.querySelector('[data-portico-modal]')?.shadowRoot
    const dialog = root?.querySelector('[role="dialog"]')
    if (!modalSeen && dialog && hasBox(dialog)) {
      modalSeen = true
      afterFramePaint((time) => {
        marks.modal = time
        if (marks.walletRow !== undefined) openPainted()
      })
    }
    const row =
      root && [...root.querySelectorAll('button')].find((button) => button.textContent?.includes(walletName))
    if (!rowSeen && row && hasBox(row)) {
      rowSeen = true
      afterFramePaint((time) => {
        marks.walletRow = time
        if (marks.modal !== undefined) openPainted()
      })
    }
    if (!modalSeen || !rowSeen) requestAnimationFrame(watchFrames)
  }
  window.addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || marks.click !== undefined) return
      marks.click = event.timeStamp
      requestAnimationFrame(watchFrames)
    },
    { capture: true },
  )
}
