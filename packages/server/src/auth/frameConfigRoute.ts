/** Whether the wallet's frame may run on a given site, as the frame asks before it starts. */
import { authFrameConfigResponseSchema } from '@portico/core/api'
import type { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { frameParentCookie } from '../frame/serveFrame.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { InvalidOriginError, isOriginAllowed, normaliseOrigin } from '../projects/origins.js'

/** Adds `GET /v1/auth/frame-config`. */
export function registerFrameConfigRoute(app: Hono<AppEnv>): void {
  // Answers for one site only, never with the project's list: any client that names the frame's
  // origin reaches this route, and which sites use a project is not a stranger's business.
  app.get('/v1/auth/frame-config', (c) => {
    const project = c.get('project')
    const asked = c.req.query('origin') ?? getCookie(c, frameParentCookie(project.id))
    const wildcard = project.allowedOrigins.includes('*')
    if (asked === undefined) {
      return c.json(
        authFrameConfigResponseSchema.parse({ allowed: wildcard, allowedOrigins: wildcard ? ['*'] : [] }),
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
    return c.json(authFrameConfigResponseSchema.parse({ allowed, allowedOrigins: allowed ? [origin] : [] }))
  })
}
