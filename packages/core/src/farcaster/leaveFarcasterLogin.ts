import type { Portico } from '../portico.js'

/**
 * Leaves ConnectingFarcaster (SPEC §2). While not connected it clears the Farcaster URL, reloads the
 * embedded wallet's frame and, 100 ms later, re-syncs the site's data to it
 * (`reloadFrameAfterFarcaster`, loaded then: the login's own code is loaded already). A later answer
 * of the attempt is ignored. Nothing happens when no Farcaster login was started.
 */
export function leaveFarcasterLogin(portico: Portico): void {
  const { state, internal } = portico
  const login = state.farcasterLogin
  if (!login || (login.status === 'idle' && login.url === undefined)) return
  internal.farcasterLoginAttempt = (internal.farcasterLoginAttempt ?? 0) + 1
  const connected = login.status === 'connecting' && state.connection.status === 'connected'
  Object.assign(login, { status: 'idle', url: undefined, expiresAt: undefined, error: undefined })
  if (connected) return
  void import('./reloadFrameAfterFarcaster.js').then((module) => module.reloadFrameAfterFarcaster(portico))
}
