import type { Portico } from '../portico.js'

/** SPEC §9: the frame is re-synced 100 ms after it was told to reload. */
export const FARCASTER_RESYNC_DELAY_MS = 100

/**
 * The frame's part of leaving ConnectingFarcaster (SPEC §2): reloads the embedded wallet's frame
 * (dropping the sign-in it waits for) and, 100 ms later, re-syncs the site's data to it (metadata,
 * SDK version, project id, SDK type). In its own module: only a page that started a Farcaster
 * login loads it.
 */
export function reloadFrameAfterFarcaster(portico: Portico): void {
  const { internal, config, options } = portico
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
