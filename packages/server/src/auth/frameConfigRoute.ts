/** Whether the wallet's frame may run on a given site, as the frame asks before it starts. */
import { authFrameConfigResponseSchema } from '@portico/core/api'
import type { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { isProjectSponsored } from '../accountAbstraction/sponsorship.js'
import type { ServerConfig } from '../config.js'
import { frameParentCookie } from '../frame/serveFrame.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { InvalidOriginError, isOriginAllowed, normaliseOrigin } from '../projects/origins.js'
import type { SmartAccountNetworks } from './authRouteContext.js'

/**
 * The smart-account part of the frame's config: the EVM chains with a bundler (SPEC §3
 * smartAccountEnabledNetworks, read by APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS) and, of those, the
 * ones where the project's network fees are paid by the site's paymaster.
 */
export function smartAccountNetworks(
  config: Pick<ServerConfig, 'chains' | 'paymaster'>,
  projectId: string,
): SmartAccountNetworks {
  const enabled = config.chains
    .filter((chain) => chain.caipNetworkId.startsWith('eip155:') && chain.bundlerUrl !== undefined)
    .map((chain) => chain.caipNetworkId)
  return {
    smartAccountEnabledNetworks: enabled,
    sponsoredNetworks: enabled.filter((caip) => isProjectSponsored(config.paymaster, projectId, caip)),
  }
}

/** Adds `GET /v1/auth/frame-config`. */
export function registerFrameConfigRoute(
  app: Hono<AppEnv>,
  networksOf: (projectId: string) => SmartAccountNetworks = () => ({
    smartAccountEnabledNetworks: [],
    sponsoredNetworks: [],
  }),
): void {
  // Answers for one site only, never with the project's list: any client that names the frame's
  // origin reaches this route, and which sites use a project is not a stranger's business.
  app.get('/v1/auth/frame-config', (c) => {
    const project = c.get('project')
    const asked = c.req.query('origin') ?? getCookie(c, frameParentCookie(project.id))
    const wildcard = project.allowedOrigins.includes('*')
    const networks = networksOf(project.id)
    if (asked === undefined) {
      return c.json(
        authFrameConfigResponseSchema.parse({
          allowed: wildcard,
          allowedOrigins: wildcard ? ['*'] : [],
          ...networks,
        }),
      )
    }
    let origin: string | undefined
    try {
      origin = normaliseOrigin(asked)
    } catch (error) {
      if (!(error instanceof InvalidOriginError)) throw error
      throw new ApiRefusal('BAD_REQUEST', error.message)
    }
    const allowed = isOriginAllowed(project.allowedOrigins, origin)
    return c.json(
      authFrameConfigResponseSchema.parse({ allowed, allowedOrigins: allowed ? [origin] : [], ...networks }),
    )
  })
}
