/** The e-mail login's session: who is signed in, and signing out. */
import { authSessionResponseSchema } from '@portico/core/api'
import type { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import type { AppEnv } from '../http/appEnv.js'
import { AUTH_SESSION_COOKIE, FRAME_COOKIE } from './authCookies.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { revokeAuthSession } from './sessions.js'

/** Adds `GET /v1/auth/session` and `POST /v1/auth/signout`. */
export function registerSessionRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  app.get('/v1/auth/session', async (c) => {
    const { session } = await context.requireSession(c)
    const { userId, email, username, profileImage } = session
    return c.json(
      authSessionResponseSchema.parse({
        user: {
          id: userId,
          email,
          ...(username ? { username } : {}),
          ...(profileImage ? { profileImage } : {}),
        },
      }),
    )
  })

  app.post('/v1/auth/signout', async (c) => {
    const { token } = await context.requireSession(c)
    await revokeAuthSession(context.db, token, context.now())
    deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
    return c.body(null, 204)
  })
}
