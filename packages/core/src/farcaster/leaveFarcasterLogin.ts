import type { Portico } from '../portico.js'

/** SPEC §9: the frame is re-synced 100 ms after it was told to reload. */
export const FARCASTER_RESYNC_DELAY_MS = 100

/**
 * Leaves ConnectingFarcaster (SPEC §2). While not connected it clears the Farcaster URL, reloads the
 * embedded wallet's frame (dropping the sign-in it waits for) and, 100 ms later, re-syncs the site's
 * data to it (metadata, SDK version, project id, SDK type). A later answer of the attempt is ignored.
 * Nothing happens when no Farcaster login was started.
 */
export function leaveFarcasterLogin(portico: Portico): void {
  const { state, internal, config, options } = portico
  const login = state.farcasterLogin
  if (login.status === 'idle' && login.url === undefined) return
  internal.farcasterLoginAttempt++
  const connected = login.status === 'connecting' && state.connection.status === 'connected'
  Object.assign(login, { status: 'idle', url: undefined, expiresAt: undefined, error: undefined })
  if (connected) return
  const embedded = config.embeddedWallet
  if (!embedded?.reload) return
  embedded.reload().catch((error: unknown) => internal.logger.warn('The frame could not be reloaded.', error))
  clearTimeout(internal.farcasterResync)
  internal.farcasterResync = setTimeout(() => {
    internal.farcasterResync = undefined
    embedded
      .syncDappData?.({
        ...(options.metadata ? { metadata: options.metadata } : {}),
        sdkVersion: options.sdkVersion,
        sdkType: options.sdkType,
        projectId: options.projectId ?? '',
      })
      .catch((error: unknown) => internal.logger.warn('The frame could not be re-synced.', error))
  }, FARCASTER_RESYNC_DELAY_MS)
}
