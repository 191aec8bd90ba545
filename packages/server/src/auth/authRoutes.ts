/**
 * E-mail login for the embedded wallet over HTTP (`/v1/auth/*`). Only the wallet's frame, served
 * from this server's public origin, may call it: a site's page never sees a code, a token or a
 * seed. The approval link of a device mail is the one exception, opened from a mail client.
 *
 * The routes are grouped by what they do: the frame's configuration (frameConfigRoute.ts), logging
 * in (loginRoutes.ts), approving a device (deviceApprovalRoutes.ts), the session
 * (sessionRoutes.ts), the wallet's seed (walletRoutes.ts) and changing the e-mail
 * (emailChangeRoutes.ts), social logins (social/socialRoutes.ts) and Sign In With Farcaster
 * (farcaster/farcasterRoutes.ts), over one shared context
 * (authRouteContext.ts).
 */
import type { Hono } from 'hono'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { type AuthRouteDependencies, createAuthRouteContext } from './authRouteContext.js'
import { AUTH_DEVICE_APPROVE_PATH, registerDeviceApprovalRoutes } from './deviceApprovalRoutes.js'
import { registerEmailChangeRoutes } from './emailChangeRoutes.js'
import { registerFarcasterRoutes } from './farcaster/farcasterRoutes.js'
import { registerFrameConfigRoute } from './frameConfigRoute.js'
import { registerLoginRoutes } from './loginRoutes.js'
import { getFrameOrigin } from './publicUrl.js'
import { registerSessionRoutes } from './sessionRoutes.js'
import { isSocialCallbackPath, registerSocialRoutes } from './social/socialRoutes.js'
import { registerWalletRoutes } from './walletRoutes.js'

/** Names the frame's origin on a same-origin GET, which browsers send without `Origin`. */
const ORIGIN_HEADER = 'x-portico-origin'

/** Whether a path belongs to the e-mail login API. */
export function isAuthPath(path: string): boolean {
  return path === '/v1/auth' || path.startsWith('/v1/auth/')
}

/**
 * Adds the e-mail login API (`/v1/auth/*`) to an app whose middleware has already checked the
 * project (and let the frame's origin through for these paths). Without a master key every route
 * answers 503 UNAVAILABLE saying how to set one.
 * @example
 * registerAuthRoutes(app, { config, db, now: Date.now, logger, clientIp: () => "127.0.0.1" })
 */
export function registerAuthRoutes(app: Hono<AppEnv>, deps: AuthRouteDependencies): void {
  const context = createAuthRouteContext(deps)
  const frameOrigin = getFrameOrigin(deps.config)

  app.use('/v1/auth/*', async (c, next) => {
    context.requireKeys()
    if (c.req.path === AUTH_DEVICE_APPROVE_PATH) return next()
    // A provider sends the visitor's browser back to its callback from the provider's own site.
    if (isSocialCallbackPath(c.req.path)) return next()
    // Browsers send Origin on every cross-origin request, so another site's page is refused here. A
    // same-origin GET from the frame carries none; the frame names its origin in X-Portico-Origin,
    // and Sec-Fetch-Site (set by the browser, not by page scripts) vouches for it too.
    const origin = c.req.header('origin')
    const fromFrame =
      origin !== undefined
        ? origin === frameOrigin
        : c.req.header(ORIGIN_HEADER) === frameOrigin || c.req.header('sec-fetch-site') === 'same-origin'
    if (!fromFrame) {
      throw new ApiRefusal(
        'ORIGIN_NOT_ALLOWED',
        `The e-mail login answers only the embedded wallet's frame at ${frameOrigin}, not ${origin ?? 'a request without an Origin header'}. If the frame is served from another address, set publicUrl in the server config to it.`,
      )
    }
    return next()
  })

  registerFrameConfigRoute(app, deps.smartAccountNetworks)
  registerLoginRoutes(app, context)
  registerDeviceApprovalRoutes(app, context)
  registerSessionRoutes(app, context)
  registerWalletRoutes(app, context)
  registerEmailChangeRoutes(app, context)
  registerSocialRoutes(app, context)
  registerFarcasterRoutes(app, context)
}
