import { Window } from 'happy-dom'
import { vi } from 'vitest'
import type { AppMessage } from '../protocol/messages.js'
import type { EmbeddedWalletClient, EmbeddedWalletLogger } from './createEmbeddedWalletClient.js'

export const APP_ORIGIN = 'https://shop.example'
export const FRAME_ORIGIN = 'https://wallet.example'
export const FRAME_URL = `${FRAME_ORIGIN}/frame/`
/** A frame URL whose page the test server refuses to serve, so the iframe fires `error`. */
export const BROKEN_FRAME_URL = `${FRAME_ORIGIN}/broken/`

/**
 * A page at APP_ORIGIN in its own happy-dom window, with iframe loading on: the frame URL is
 * served (as an empty page) by a fetch interceptor, so the iframe holds a real cross-origin
 * window and happy-dom itself refuses a `postMessage` aimed at any other origin.
 */
export function createPage() {
  const requested: string[] = []
  const window: Window = new Window({
    url: `${APP_ORIGIN}/`,
    settings: {
      enableIframePageLoading: true,
      fetch: {
        interceptor: {
          beforeAsyncRequest: async ({ request }) => {
            requested.push(request.url)
            if (request.url.startsWith(BROKEN_FRAME_URL)) throw new Error('connection refused')
            return new window.Response('<!doctype html><html><body></body></html>', {
              headers: { 'content-type': 'text/html' },
            })
          },
        },
      },
    },
  })
  const logs: { level: keyof EmbeddedWalletLogger; message: string; details: unknown }[] = []
  const logger: EmbeddedWalletLogger = {
    debug: (message, details) => logs.push({ level: 'debug', message, details }),
    warn: (message, details) => logs.push({ level: 'warn', message, details }),
    error: (message, details) => logs.push({ level: 'error', message, details }),
  }
  return {
    window,
    document: window.document as unknown as Document,
    requested,
    logs,
    logger,
    close: () => window.happyDOM.close(),
  }
}

export type Page = ReturnType<typeof createPage>

/** Lets queued promise callbacks run (the client posts a request one tick after FRAME_READY). */
export async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

/**
 * The frame's side of the conversation. Requests are read where they arrive, at the frame
 * window's `postMessage`; answers are dispatched on the page as the browser would deliver them,
 * with `origin` and `source` set (happy-dom fills those wrongly for frame → parent posts).
 */
export async function attachFrame(page: Page, client: EmbeddedWalletClient) {
  const iframe = client.iframe
  const frameWindow = iframe?.contentWindow
  if (!iframe || !frameWindow) throw new Error('the client made no iframe window')
  await new Promise((resolve) => iframe.addEventListener('load', resolve, { once: true }))
  const postMessage = vi.spyOn(frameWindow, 'postMessage')

  const post = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    page.window.dispatchEvent(
      new page.window.MessageEvent('message', {
        data,
        origin: from.origin ?? FRAME_ORIGIN,
        source: (from.source === undefined ? frameWindow : from.source) as never,
      }),
    )
  }
  const envelope = { portico: 'embedded-wallet', version: '1.1.0' }

  return {
    iframe,
    frameWindow,
    postMessage,
    /** Every message the page posted to the frame, in order. */
    received: () => postMessage.mock.calls.map((call) => call[0] as AppMessage),
    last: () => postMessage.mock.calls.at(-1)?.[0] as AppMessage,
    post,
    ready: (version = '1.1.0') => post({ ...envelope, type: 'FRAME_READY', payload: { version } }),
    succeed: (request: AppMessage, payload?: unknown, from?: { origin?: string; source?: unknown }) =>
      post(
        {
          ...envelope,
          id: request.id,
          type: request.type.replace(/^APP_/, 'FRAME_').concat('_SUCCESS'),
          ...(payload === undefined ? {} : { payload }),
        },
        from,
      ),
    fail: (request: AppMessage, payload: unknown) =>
      post({
        ...envelope,
        id: request.id,
        type: request.type.replace(/^APP_/, 'FRAME_').concat('_ERROR'),
        payload,
      }),
  }
}
