/** The window that embeds the frame, as far as the frame needs it. */
export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void
}

/** Where the frame listens: its own window. */
export interface FrameWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ParentChannelOptions {
  self: FrameWindow
  parent: ParentWindow
  /** The sites allowed to embed the frame (`*` allows any). */
  allowedOrigins: readonly string[]
  /** The embedding site's origin when the browser tells it (ancestorOrigins, referrer). */
  parentOriginHint?: string | undefined
  onMessage(data: unknown): void
  logger?: { warn(message: string, detail?: unknown): void }
}

export interface ParentChannel {
  /** Posts to the pinned parent origin; nothing is posted before an origin is pinned. */
  post(message: unknown): void
  /** Announces the frame (FRAME_READY) to the parent, even before its origin is pinned. */
  announce(message: unknown): void
  /** The origin replies go to, once known. */
  parentOrigin(): string | undefined
  close(): void
}

/** True when `origin` is one of the allowed sites, or any site is allowed. */
export function isOriginAllowed(allowedOrigins: readonly string[], origin: string): boolean {
  return allowedOrigins.includes('*') || allowedOrigins.includes(origin)
}

/**
 * Connects the frame to the page that embeds it: messages are accepted only from the parent
 * window and an allowed origin, and that origin is pinned for every reply.
 */
export function createParentChannel(options: ParentChannelOptions): ParentChannel {
  const { parent, allowedOrigins, logger } = options
  const hint = options.parentOriginHint
  let pinned = hint !== undefined && isOriginAllowed(allowedOrigins, hint) ? hint : undefined

  function onMessage(event: MessageEvent): void {
    if (event.source !== (parent as unknown)) return
    if (!isOriginAllowed(allowedOrigins, event.origin)) {
      logger?.warn(`Dropped a message from ${event.origin}: the site is not allowed to embed this frame.`)
      return
    }
    // Once pinned, a navigation of the parent to another allowed site does not get the old replies.
    if (pinned !== undefined && pinned !== event.origin) {
      logger?.warn(`Dropped a message from ${event.origin}: the frame talks to ${pinned}.`)
      return
    }
    pinned = event.origin
    options.onMessage(event.data)
  }
  options.self.addEventListener('message', onMessage)

  return {
    post(message) {
      if (pinned === undefined) {
        logger?.warn('Dropped a reply: the embedding site is not known yet.')
        return
      }
      parent.postMessage(message, pinned)
    },
    announce(message) {
      if (pinned !== undefined) return parent.postMessage(message, pinned)
      // The browser delivers a message only when the target origin matches, so announcing to every
      // allowed site reaches the real parent alone.
      const targets = allowedOrigins.includes('*') ? ['*'] : allowedOrigins
      for (const origin of targets) parent.postMessage(message, origin)
    },
    parentOrigin: () => pinned,
    close: () => options.self.removeEventListener('message', onMessage),
  }
}
