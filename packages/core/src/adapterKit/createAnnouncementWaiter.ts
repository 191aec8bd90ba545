/**
 * Waits for a wallet stored from an earlier visit to be announced again (EIP-6963, Wallet Standard
 * and the like). Wallets announce themselves some time after the page loads, so a reconnect that
 * looked only once would forget a wallet that is merely slow; one that waited without a bound would
 * hang the modal. Each wait ends with the wallet, or with undefined after `timeoutMs` or once the
 * discovery stops.
 */
export interface AnnouncementWaiter<T> {
  /** Resolves the wallet once `find(connectorId)` returns it; undefined after `timeoutMs` or on stop. */
  wait(connectorId: string, timeoutMs: number): Promise<T | undefined>
  /** Call whenever the discovery's list changed, and after it stopped: pending waits look again. */
  changed(): void
}

export interface CreateAnnouncementWaiterParameters<T> {
  /** The announced wallet with this connector id, if any. */
  find: (connectorId: string) => T | undefined
  /** False before `start()` and after `destroy()`: then a wait answers at once. */
  isListening: () => boolean
}

export function createAnnouncementWaiter<T>({
  find,
  isListening,
}: CreateAnnouncementWaiterParameters<T>): AnnouncementWaiter<T> {
  const pending = new Set<() => void>()
  return {
    wait(connectorId, timeoutMs) {
      const found = find(connectorId)
      if (found !== undefined || !isListening()) return Promise.resolve(found)
      return new Promise((resolve) => {
        const finish = (value: T | undefined) => {
          clearTimeout(timer)
          pending.delete(check)
          resolve(value)
        }
        const check = () => {
          const value = find(connectorId)
          if (value !== undefined || !isListening()) finish(value)
        }
        const timer = setTimeout(() => finish(undefined), timeoutMs)
        pending.add(check)
      })
    },
    changed() {
      for (const check of [...pending]) check()
    },
  }
}
