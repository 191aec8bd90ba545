import { expect, vi } from 'vitest'
import { type FrameEvent, PROTOCOL_VERSION } from '../protocol/index.js'
import { type ApprovalQueue, createApprovalQueue } from './approvals.js'
import { AUTH_API_TIMEOUT_MS, type AuthApi, createAuthApi, type FrameStorage } from './authApi.js'
import { createCookieFetch, createMemoryStorage } from './authTestServer.testkit.js'
import { createFrameHandlers, type FrameHandlersOptions, type FrameUi } from './handlers.js'

/** The page's request `type` with `payload`, in the protocol's envelope, as the page posts it. */
export function frameRequest(type: string, payload?: unknown) {
  return {
    portico: 'embedded-wallet',
    version: PROTOCOL_VERSION,
    id: crypto.randomUUID(),
    type,
    ...(payload !== undefined ? { payload } : {}),
  }
}

/**
 * One browser's side of the frame origin, under one embedding site: its storage and its cookie
 * jar. Every frame page in it (a reload, a popup's page of the same site) shares both.
 */
export interface TestBrowser {
  storage: FrameStorage & { entries?(): Map<string, string> }
  cookieFetch: ReturnType<typeof createCookieFetch>
}

export function makeTestBrowser(storage: TestBrowser['storage'] = createMemoryStorage()): TestBrowser {
  return { storage, cookieFetch: createCookieFetch() }
}

/** No call reaches a chain unless a test names its node: an unreachable port makes one fail loudly. */
export const UNREACHABLE_RPC = 'http://127.0.0.1:9/'

export interface TestFrameOptions
  extends Partial<Omit<FrameHandlersOptions, 'api' | 'ui' | 'storage' | 'emit'>> {
  /** The server the frame's API calls: its origin and the project. */
  server: { origin: string; projectId: string }
  /** The browser the frame page is loaded in; a fresh one by default. */
  browser?: TestBrowser
  /** The storage this page load opens; the browser's by default. */
  storage?: FrameStorage
  /** The frame's requests; the browser's cookie jar by default. */
  fetch?: typeof fetch
  api?: AuthApi
  /** The approvals on the frame's screen; a fresh queue by default. */
  queue?: ApprovalQueue
  /** The screen's answers; an approval waits on `queue`, an e-mail change is cancelled. */
  ui?: Partial<FrameUi>
}

export interface TestFrame {
  browser: TestBrowser
  storage: FrameStorage
  api: AuthApi
  /** The approvals on the frame's screen. */
  queue: ApprovalQueue
  /** What the frame posted to the page unasked (FRAME_SESSION_UPDATE). */
  events: FrameEvent[]
  handlers: ReturnType<typeof createFrameHandlers>
  /** Posts `type` with `payload` to the frame as its page would, and returns the frame's reply. */
  ask(type: string, payload?: unknown): ReturnType<ReturnType<typeof createFrameHandlers>['handle']>
}

/** One page load of the frame, with its real handlers, the server's API and a screen of tests. */
export function makeTestFrame(options: TestFrameOptions): TestFrame {
  const {
    server,
    browser = makeTestBrowser(),
    fetch,
    api: givenApi,
    queue = createApprovalQueue(),
    ui,
    ...handlerOptions
  } = options
  const storage = options.storage ?? browser.storage
  const api =
    givenApi ??
    createAuthApi({
      origin: server.origin,
      projectId: server.projectId,
      storage,
      fetch: fetch ?? browser.cookieFetch,
    })
  const events: FrameEvent[] = []
  const handlers = createFrameHandlers({
    chainId: 1,
    rpcUrl: () => UNREACHABLE_RPC,
    ...handlerOptions,
    api,
    storage,
    emit: (event) => events.push(event),
    ui: {
      requestApproval: (approval) => queue.request(approval),
      changeEmail: () => Promise.resolve({ status: 'cancelled' }),
      cancelApprovals: () => queue.rejectAll(),
      syncTheme: () => undefined,
      syncDappData: () => undefined,
      reload: () => undefined,
      ...ui,
    },
  })
  return {
    browser,
    storage,
    api,
    queue,
    events,
    handlers,
    ask: (type, payload) => handlers.handle(frameRequest(type, payload)),
  }
}

/**
 * Waits for `condition` while real I/O goes on under fake timers (setImmediate is not faked):
 * the frame's own clock moves only when the test moves it.
 */
export async function untilIo(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 100_000) throw new Error(`Still waiting for ${what}.`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * Asks `frame` for `type` while its server holds the request unanswered (`held()` counts what it
 * holds), under fake timers: checks the frame still waits just before AUTH_API_TIMEOUT_MS and
 * returns its answer right after. Timers are real again afterwards.
 */
export async function askPastTheBound(
  frame: TestFrame,
  held: () => number,
  type: string,
  payload?: unknown,
): Promise<Awaited<ReturnType<TestFrame['ask']>>> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  try {
    const before = held()
    let reply: Awaited<ReturnType<TestFrame['ask']>> | undefined
    let answered = false
    void frame.ask(type, payload).then((answer) => {
      reply = answer
      answered = true
    })
    await untilIo(() => held() > before, `${type} to reach the server`)
    await vi.advanceTimersByTimeAsync(AUTH_API_TIMEOUT_MS - 1)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await untilIo(() => answered, `the frame's answer to ${type}`)
    return reply
  } finally {
    vi.useRealTimers()
  }
}
