import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { FarcasterLoginStatus } from '../state.js'

export interface FarcasterLoginInfo {
  /** Whether the site's embedded wallet offers Sign In With Farcaster. */
  enabled: boolean
  status: FarcasterLoginStatus
  /** The sign-in link for the Farcaster app (SPEC §3 farcasterUrl), shown as a QR code. */
  url: string | undefined
  expiresAt: number | undefined
  error: Notice | undefined
}

const farcasterLogin = /* @__PURE__ */ defineSelector((portico: Portico): FarcasterLoginInfo => {
  const { status, url, expiresAt, error } = portico.state.farcasterLogin ?? { status: 'idle' as const }
  const embedded = portico.config.embeddedWallet
  return {
    enabled: embedded?.getFarcasterUri !== undefined && portico.options.features.email,
    status,
    url,
    expiresAt,
    error,
  }
})
/**
 * The Farcaster login as the Connect, ConnectingFarcaster and Account views show it.
 *
 * @example
 * const { status, url } = getFarcasterLogin(portico)
 */
export const getFarcasterLogin = farcasterLogin.get
/** Calls `onChange(login, previous)` when the Farcaster login changes; returns the unsubscribe. */
export const watchFarcasterLogin = farcasterLogin.watch
