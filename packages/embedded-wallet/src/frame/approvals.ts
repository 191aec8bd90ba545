/** An unsafe request waiting for the visitor's decision. */
export interface ApprovalRequest {
  method: string
  params?: unknown
  /** The chain the request is for, CAIP-2 (`eip155:1`). */
  chainId: string
  /** Set when the smart account sends it (one user operation). */
  smartAccount?: {
    /** The site whose paymaster pays the network fee, when it does. */
    feePaidBy?: string
  }
}

/** A queued request with its place in line. */
export interface PendingApproval extends ApprovalRequest {
  key: number
}

export interface ApprovalQueue {
  /** Queues a request; resolves true when approved, false when rejected. */
  request(request: ApprovalRequest): Promise<boolean>
  /** The request on screen now: the oldest one waiting. */
  current(): PendingApproval | undefined
  /** How many requests wait, the shown one included. */
  size(): number
  approve(): void
  reject(): void
  /** Rejects every waiting request, e.g. on sign-out. */
  rejectAll(): void
  /** Called whenever the shown request changes; returns an unsubscribe. */
  subscribe(listener: (current: PendingApproval | undefined) => void): () => void
}

/** Creates a first-in first-out queue of requests that wait for Approve or Reject. */
export function createApprovalQueue(): ApprovalQueue {
  const waiting: { item: PendingApproval; resolve: (approved: boolean) => void }[] = []
  const listeners = new Set<(current: PendingApproval | undefined) => void>()
  let nextKey = 1

  function notify(): void {
    const current = waiting[0]?.item
    for (const listener of listeners) listener(current)
  }

  function settle(approved: boolean): void {
    const head = waiting.shift()
    if (!head) return
    head.resolve(approved)
    notify()
  }

  return {
    request(request) {
      return new Promise<boolean>((resolve) => {
        waiting.push({ item: { ...request, key: nextKey++ }, resolve })
        // Only a new head changes the screen; later requests wait their turn unseen.
        if (waiting.length === 1) notify()
      })
    },
    current: () => waiting[0]?.item,
    size: () => waiting.length,
    approve: () => settle(true),
    reject: () => settle(false),
    rejectAll() {
      const all = waiting.splice(0)
      for (const { resolve } of all) resolve(false)
      if (all.length > 0) notify()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
