import type { EmbeddedWalletError } from '../protocol/errors.js'
import {
  type AppMessage,
  type AppMessagePayload,
  type AppMessageType,
  type FrameMessage,
  type FrameSuccessPayload,
  MESSAGE_MARKER,
  replyTypeOf,
} from '../protocol/messages.js'
import { parseAppMessage, parseFrameMessage } from '../protocol/parse.js'
import { isSafeRpcMethod } from '../protocol/rpc.js'
import { isCompatibleVersion, PROTOCOL_VERSION } from '../protocol/version.js'
import {
  FRAME_ERROR_TEXTS,
  FrameLoadError,
  FrameNotSetError,
  FrameRequestAbortedError,
  FrameRequestError,
  FrameTimeoutError,
  FrameVersionMismatchError,
  InvalidFrameUrlError,
  UnexpectedFrameReplyError,
  UntrustedFrameMessageError,
} from './errors.js'
import { createFrameElement, type FrameElement } from './frameElement.js'

/** Where the client reports what it drops or fails at; core's `Logger` fits. */
export interface EmbeddedWalletLogger {
  debug(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}

/** How long to wait, in ms. */
export interface EmbeddedWalletTimeouts {
  /** For FRAME_READY after the iframe is added. Default 30 000 (SPEC §8 load failure). */
  load?: number
  /**
   * For FRAME_READY once the iframe's page has loaded. Browsers fire `load`, not `error`, for a
   * frame whose server is down (they show their error page in it), so this is what notices that
   * sooner than `load`. Default 10 000 (SPEC §9's HTTP timeout: the frame asks the server once).
   */
  afterLoad?: number
  /** For the login steps of SPEC §9 (e-mail, device, OTP, social, social redirect). Default 30 000. */
  connect?: number
  /**
   * For requests that may wait for the visitor inside the frame: APP_RPC_REQUEST (an approval) and
   * APP_UPDATE_EMAIL (the codes of the change are typed there). Default 300 000.
   */
  rpc?: number
  /** For every other request. Default 30 000. */
  request?: number
}

export interface CreateEmbeddedWalletClientParameters {
  /** The frame page, e.g. `https://portico.example/frame/`; its origin is the only one trusted. */
  frameUrl: string
  projectId: string
  chainId: number | string
  /** The protocol version this page speaks. Default `PROTOCOL_VERSION`. */
  version?: string
  /** Asks the frame to log (passed in its URL) and turns on this client's debug logs. */
  enableLogger?: boolean
  logger?: EmbeddedWalletLogger
  /** The page to host the iframe in. Default the global `document`. */
  document?: Document
  timeouts?: EmbeddedWalletTimeouts
  /** Called when a login step of SPEC §9 times out, before its request rejects. */
  onTimeout?: (event: { type: AppMessageType; id: string; timeoutMs: number }) => void
}

export interface EmbeddedWalletRequestOptions {
  /** Aborting it rejects the request with SPEC §8's abort text. */
  signal?: AbortSignal
}

type RequestArgs<T extends AppMessageType> =
  undefined extends AppMessagePayload<T>
    ? [payload?: AppMessagePayload<T>, options?: EmbeddedWalletRequestOptions]
    : [payload: AppMessagePayload<T>, options?: EmbeddedWalletRequestOptions]

export interface EmbeddedWalletClient {
  /** The pinned origin of the frame: messages go only there and are accepted only from there. */
  readonly frameOrigin: string
  /** The iframe, until `destroy()`. */
  readonly iframe: HTMLIFrameElement | undefined
  /** Settles once the frame said FRAME_READY with a compatible version, or failed to load. */
  ready(): Promise<{ version: string }>
  /** Sends an app event and resolves with the frame's success payload. */
  request<T extends AppMessageType>(type: T, ...args: RequestArgs<T>): Promise<FrameSuccessPayload<T>>
  /**
   * Aborts every pending request that waits for the visitor in the frame: RPC requests that need
   * approval (safe ones go on) and an e-mail change. When one had reached the frame, the frame is
   * reloaded so its screen for it is gone too.
   */
  rejectRpcRequests(): void
  /** Calls `listener` with the id of each new session the frame announces (an id, not a credential); returns an unsubscribe. */
  onSessionUpdate(listener: (token: string) => void): () => void
  /** Sends the modal's theme to the frame; a failure is only logged (SPEC §8). */
  syncTheme(payload: AppMessagePayload<'APP_SYNC_THEME'>): Promise<void>
  /** Sends the site's metadata and SDK details to the frame. */
  syncDappData(payload: AppMessagePayload<'APP_SYNC_DAPP_DATA'>): Promise<void>
  /** Shows the frame over `container` (or the viewport) for its approval screen. */
  show(container?: Element): void
  /** Hides the frame again. */
  hide(): void
  /** Removes the iframe and its listeners and rejects every pending request. */
  destroy(): void
}

// SPEC §9: these login steps time out after 30 s and tell the caller through `onTimeout`.
const CONNECT_TYPES: ReadonlySet<AppMessageType> = new Set([
  'APP_CONNECT_EMAIL',
  'APP_CONNECT_DEVICE',
  'APP_CONNECT_OTP',
  'APP_CONNECT_SOCIAL',
  'APP_GET_SOCIAL_REDIRECT_URI',
])

// Requests the visitor answers on the frame's own screen.
const INTERACTIVE_TYPES: ReadonlySet<AppMessageType> = new Set(['APP_RPC_REQUEST', 'APP_UPDATE_EMAIL'])

const DEFAULT_TIMEOUTS = {
  load: 30_000,
  afterLoad: 10_000,
  connect: 30_000,
  rpc: 300_000,
  request: 30_000,
} as const

interface Pending {
  type: AppMessageType
  /** The message as posted, to post again if the frame reloads before answering. */
  message: AppMessage
  /** Whether it went out to the frame (it waits for FRAME_READY before that). */
  sent: boolean
  /** Set for APP_RPC_REQUEST: decides whether `rejectRpcRequests` aborts it. */
  method: string | undefined
  resolve(value: unknown): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout> | undefined
  detach(): void
}

const silent = () => {}

function isMarked(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { portico?: unknown }).portico === MESSAGE_MARKER
  )
}

function frameSource(frameUrl: string, query: Record<string, string>): URL {
  let url: URL
  try {
    url = new URL(frameUrl)
  } catch {
    throw new InvalidFrameUrlError(frameUrl)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidFrameUrlError(frameUrl)
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value)
  return url
}

/**
 * Loads the embedded-wallet frame in a hidden iframe and talks to it over `postMessage`, pinned to
 * the frame's origin both ways.
 * @example
 * const client = createEmbeddedWalletClient({ frameUrl: 'https://portico.example/frame/', projectId: 'p1', chainId: 1 })
 * const { action } = await client.request('APP_CONNECT_EMAIL', { email: 'ada@example.com' })
 */
export function createEmbeddedWalletClient(
  parameters: CreateEmbeddedWalletClientParameters,
): EmbeddedWalletClient {
  const version = parameters.version ?? PROTOCOL_VERSION
  const timeouts = { ...DEFAULT_TIMEOUTS, ...parameters.timeouts }
  const logger: EmbeddedWalletLogger = parameters.logger ?? {
    debug: parameters.enableLogger ? console.debug.bind(console) : silent,
    warn: console.warn.bind(console),
    error: console.error.bind(console),
  }
  const src = frameSource(parameters.frameUrl, {
    projectId: parameters.projectId,
    chainId: String(parameters.chainId),
    version,
    enableLogger: String(parameters.enableLogger ?? false),
  })
  const frameOrigin = src.origin
  const document = parameters.document ?? globalThis.document
  const view = document?.defaultView
  if (!document?.body || !view) throw new FrameNotSetError('There is no page to host the frame in.')

  const pending = new Map<string, Pending>()
  const sessionListeners = new Set<(token: string) => void>()
  let state: 'loading' | 'ready' | 'failed' | 'destroyed' = 'loading'
  let resolveReady: (value: { version: string }) => void = silent
  let rejectReady: (error: Error) => void = silent
  const readyPromise = new Promise<{ version: string }>((resolve, reject) => {
    resolveReady = resolve
    rejectReady = reject
  })
  // Nobody has to await readiness; its failure reaches every request instead.
  readyPromise.catch(silent)

  const settle = (id: string): Pending | undefined => {
    const entry = pending.get(id)
    if (!entry) return undefined
    pending.delete(id)
    clearTimeout(entry.timer)
    entry.detach()
    return entry
  }

  const abort = (id: string, cause?: unknown) => {
    const entry = settle(id)
    entry?.reject(new FrameRequestAbortedError({ type: entry.type, cause }))
  }

  const fail = (error: EmbeddedWalletError) => {
    if (state !== 'loading') return
    state = 'failed'
    clearTimeout(loadTimer)
    clearTimeout(afterLoadTimer)
    logger.error(error.message, error)
    rejectReady(error)
  }

  let frame: FrameElement | undefined = createFrameElement(document, src.href)
  frame.iframe.addEventListener('error', () =>
    fail(new FrameLoadError({ details: 'The iframe failed to load.' })),
  )
  const loadTimer = setTimeout(
    () => fail(new FrameLoadError({ details: `No FRAME_READY within ${timeouts.load} ms.` })),
    timeouts.load,
  )
  let afterLoadTimer: ReturnType<typeof setTimeout> | undefined
  frame.iframe.addEventListener(
    'load',
    () => {
      if (state !== 'loading') return
      afterLoadTimer = setTimeout(
        () =>
          fail(
            new FrameLoadError({
              details: `The frame page loaded but sent no FRAME_READY within ${timeouts.afterLoad} ms: its server may be down or refuse this site.`,
            }),
          ),
        timeouts.afterLoad,
      )
    },
    { once: true },
  )

  const post = (id: string, message: AppMessage) => {
    const entry = pending.get(id)
    if (!entry) return
    // A null window must never match a null `event.source`, so a missing frame is an error here.
    const target = frame?.iframe.isConnected ? frame.iframe.contentWindow : null
    if (!target) {
      settle(id)
      entry.reject(new FrameNotSetError(`${message.type} could not be sent.`))
      return
    }
    try {
      target.postMessage(message, frameOrigin)
      entry.sent = true
    } catch (cause) {
      settle(id)
      entry.reject(new FrameNotSetError(`${message.type} could not be sent.`, { cause }))
      return
    }
    const isConnect = CONNECT_TYPES.has(entry.type)
    const timeoutMs = isConnect
      ? timeouts.connect
      : INTERACTIVE_TYPES.has(entry.type)
        ? timeouts.rpc
        : timeouts.request
    entry.timer = setTimeout(() => {
      settle(id)
      if (isConnect) {
        try {
          parameters.onTimeout?.({ type: entry.type, id, timeoutMs })
        } catch (error) {
          logger.error('The onTimeout callback threw.', error)
        }
      }
      entry.reject(new FrameTimeoutError({ type: entry.type, timeoutMs }))
    }, timeoutMs)
  }

  const onReady = (frameVersion: string) => {
    if (state === 'ready') {
      // The frame reloaded (APP_RELOAD): what it had not answered yet is lost with its page, so it
      // goes out again. Requests that needed approval were aborted before the reload was asked for.
      for (const [id, entry] of pending) {
        if (!entry.sent) continue
        clearTimeout(entry.timer)
        post(id, entry.message)
      }
      return
    }
    if (state !== 'loading') return
    if (!isCompatibleVersion(frameVersion, version)) {
      fail(new FrameVersionMismatchError({ frameVersion, clientVersion: version }))
      return
    }
    state = 'ready'
    clearTimeout(loadTimer)
    clearTimeout(afterLoadTimer)
    resolveReady({ version: frameVersion })
  }

  const onReply = (
    message: Extract<FrameMessage, { id: string; type: `${string}_${'SUCCESS' | 'ERROR'}` }>,
  ) => {
    const entry = pending.get(message.id)
    if (!entry) {
      logger.debug('Dropped a frame reply for no pending request.', new UnexpectedFrameReplyError(message))
      return
    }
    const isSuccess = message.type === replyTypeOf(entry.type, 'SUCCESS')
    // A success must be the one its request expects, since its payload is read by that type. Any
    // ERROR for the id is taken: the frame could not serve the request, whatever it called it (a
    // frame that predates the request names it back as it received it).
    const isError = !isSuccess && message.type.endsWith('_ERROR')
    if (!isSuccess && !isError) {
      const error = new UnexpectedFrameReplyError({
        id: message.id,
        type: message.type,
        expected: entry.type,
      })
      logger.warn(error.message, error)
      return
    }
    settle(message.id)
    if (isSuccess) entry.resolve(message.payload)
    else {
      if (message.type !== replyTypeOf(entry.type, 'ERROR'))
        logger.debug(`The frame answered ${entry.type} with ${message.type}.`)
      const payload = message.payload as { message: string; code?: number; data?: unknown }
      entry.reject(
        new FrameRequestError({
          type: entry.type,
          message: payload.message,
          ...(payload.code !== undefined ? { code: payload.code } : {}),
          ...(payload.data !== undefined ? { data: payload.data } : {}),
        }),
      )
    }
  }

  const onMessage = (event: MessageEvent) => {
    const source = frame?.iframe.contentWindow
    if (event.origin !== frameOrigin || !source || event.source !== source) {
      const error = new UntrustedFrameMessageError({
        origin: event.origin,
        reason: event.origin !== frameOrigin ? 'origin' : 'source',
      })
      // Pages carry plenty of unrelated postMessage traffic; only a message that claims to be ours is worth a warning.
      if (isMarked(event.data)) logger.warn(error.message, error)
      else logger.debug(error.message, error)
      return
    }
    let message: FrameMessage
    try {
      message = parseFrameMessage(event.data)
    } catch (error) {
      logger.error('Dropped a malformed message from the embedded wallet frame.', error)
      return
    }
    if (message.type === 'FRAME_READY') onReady(message.payload.version)
    else if (message.type === 'FRAME_SESSION_UPDATE') {
      for (const listener of sessionListeners) {
        try {
          listener(message.payload.token)
        } catch (error) {
          logger.error('A session listener threw.', error)
        }
      }
    } else onReply(message as Parameters<typeof onReply>[0])
  }
  view.addEventListener('message', onMessage)

  const request = <T extends AppMessageType>(
    type: T,
    ...args: RequestArgs<T>
  ): Promise<FrameSuccessPayload<T>> => {
    const [payload, options] = args
    if (state === 'destroyed') return Promise.reject(new FrameNotSetError('The client was destroyed.'))
    const id = globalThis.crypto.randomUUID()
    let message: AppMessage
    try {
      // Checked here too, so a bad input fails at once with the field named instead of in the frame.
      message = parseAppMessage({
        portico: MESSAGE_MARKER,
        version,
        id,
        type,
        ...(payload === undefined ? {} : { payload }),
      })
    } catch (error) {
      return Promise.reject(error)
    }
    return new Promise<FrameSuccessPayload<T>>((resolve, reject) => {
      const entry: Pending = {
        type,
        message,
        sent: false,
        method: message.type === 'APP_RPC_REQUEST' ? message.payload.method : undefined,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer: undefined,
        detach: silent,
      }
      pending.set(id, entry)
      const signal = options?.signal
      if (signal) {
        if (signal.aborted) return abort(id, signal.reason)
        const onAbort = () => abort(id, signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        entry.detach = () => signal.removeEventListener('abort', onAbort)
      }
      // Nothing goes out before FRAME_READY.
      readyPromise.then(
        () => post(id, message),
        (error: Error) => settle(id)?.reject(error),
      )
    })
  }

  return {
    frameOrigin,
    get iframe() {
      return frame?.iframe
    },
    ready: () => readyPromise,
    request,
    rejectRpcRequests() {
      let aborted = false
      for (const [id, entry] of pending) {
        const waitsForVisitor =
          entry.type === 'APP_UPDATE_EMAIL' ||
          (entry.type === 'APP_RPC_REQUEST' && !(entry.method && isSafeRpcMethod(entry.method)))
        if (waitsForVisitor) {
          aborted ||= entry.sent
          abort(id)
        }
      }
      // The frame would go on showing the aborted requests' screens, and one approved (or a code
      // typed) later would still take effect: reloading the frame drops them. Its session survives in its cookie.
      if (aborted && state === 'ready') {
        request('APP_RELOAD').catch((error: unknown) =>
          logger.warn('The frame could not be reloaded after aborting its requests.', error),
        )
      }
    },
    onSessionUpdate(listener) {
      sessionListeners.add(listener)
      return () => {
        sessionListeners.delete(listener)
      }
    },
    async syncTheme(payload) {
      try {
        const { ignored } = await request('APP_SYNC_THEME', payload)
        if (ignored?.length)
          logger.warn('The embedded wallet frame ignored theme values it does not allow.', ignored)
      } catch (error) {
        logger.error(FRAME_ERROR_TEXTS.syncThemeFailed, error)
      }
    },
    async syncDappData(payload) {
      await request('APP_SYNC_DAPP_DATA', payload)
    },
    show(container) {
      if (!frame) throw new FrameNotSetError('The client was destroyed.')
      frame.show(container)
    },
    hide() {
      frame?.hide()
    },
    destroy() {
      if (state === 'destroyed') return
      state = 'destroyed'
      clearTimeout(loadTimer)
      clearTimeout(afterLoadTimer)
      view.removeEventListener('message', onMessage)
      for (const id of [...pending.keys()]) abort(id)
      sessionListeners.clear()
      frame?.remove()
      frame = undefined
      rejectReady(new FrameNotSetError('The client was destroyed.'))
    },
  }
}
