import type { Logger, WalletConnectPairing } from '@portico/core'
import {
  isProposalExpired,
  toProposalError,
  WalletConnectAbortedError,
  WalletConnectRelayError,
} from './errors.js'
import type { Provider } from './loadUniversalProvider.js'

export interface PairWithWalletParameters<T> {
  /**
   * Asks with a fresh pairing (the provider emits `display_uri` for it); resolves with what the
   * wallet approved, or undefined when nothing was settled.
   */
  propose: () => Promise<T | undefined>
  onPairing: (pairing: WalletConnectPairing) => void
  signal: AbortSignal | undefined
  pairingTtlMs: number
  relayTimeoutMs: number
  relayUrl: string
  logger: Logger | undefined
  /** Called when the relay never answered, so the caller can drop a client stuck on it. */
  onRelayFailure: () => void
  /**
   * Calls `onRefused` when the relay refuses the project id (WalletConnectProjectRefusedError);
   * returns the unsubscribe.
   */
  watchRefusal?: (onRefused: (error: Error) => void) => () => void
}

/**
 * Proposes with a fresh pairing, and a new pairing each time the shown one expires, until a wallet
 * approves (resolves with what `propose` settled), refuses, the relay fails, or `signal` aborts.
 */
export function pairWithWallet<T>(provider: Provider, parameters: PairWithWalletParameters<T>): Promise<T> {
  const { signal, pairingTtlMs, relayTimeoutMs, relayUrl, logger } = parameters
  return new Promise<T>((resolve, reject) => {
    let settled = false
    let attempt = 0
    let expiryTimer: ReturnType<typeof setTimeout> | undefined
    let stopWaitingForUri: (() => void) | undefined
    // A refused project id is final: no pairing will be shown, waiting for the timeout helps no one.
    const stopWatchingRefusal = parameters.watchRefusal?.((error) => {
      parameters.onRelayFailure()
      finish(() => reject(error))
    })

    const finish = (settle: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(expiryTimer)
      stopWatchingRefusal?.()
      stopWaitingForUri?.()
      signal?.removeEventListener('abort', onAbort)
      settle()
    }

    const onAbort = () =>
      finish(() => {
        // Stop listening on the shown pairing, so a wallet that scans it late connects nothing.
        void provider.cleanupPendingPairings()
        reject(new WalletConnectAbortedError({ cause: signal?.reason }))
      })

    const start = () => {
      const current = ++attempt
      stopWaitingForUri?.()
      let uriShown = false

      const onUri = (uri: string) => {
        if (settled || current !== attempt) return
        uriShown = true
        stopWaitingForUri?.()
        stopWaitingForUri = undefined
        // sign-client 2.21.8 fixes a pairing's expiry at 5 minutes and offers no option to change
        // it, so Portico keeps its own clock: a shorter TTL only retires a pairing earlier.
        const expiresAt = Date.now() + pairingTtlMs
        expiryTimer = setTimeout(start, pairingTtlMs)
        try {
          parameters.onPairing({ uri, expiresAt })
        } catch (error) {
          logger?.error('WalletConnect onPairing threw', error)
        }
      }
      const relayTimer = setTimeout(() => {
        parameters.onRelayFailure()
        finish(() => reject(new WalletConnectRelayError({ relayUrl, timeoutMs: relayTimeoutMs })))
      }, relayTimeoutMs)
      provider.on('display_uri', onUri)
      stopWaitingForUri = () => {
        clearTimeout(relayTimer)
        provider.removeListener('display_uri', onUri)
      }

      parameters.propose().then(
        (approved) => {
          if (approved) finish(() => resolve(approved))
        },
        (error: unknown) => {
          if (settled) return
          // An older pairing's proposal running out after a newer one was shown: nothing to do.
          if (current !== attempt) return
          if (isProposalExpired(error)) {
            clearTimeout(expiryTimer)
            start()
            return
          }
          if (!uriShown) {
            parameters.onRelayFailure()
            finish(() => reject(new WalletConnectRelayError({ relayUrl, cause: error })))
            return
          }
          finish(() => reject(toProposalError(error)))
        },
      )
    }

    if (signal?.aborted) {
      onAbort()
      return
    }
    signal?.addEventListener('abort', onAbort, { once: true })
    start()
  })
}
