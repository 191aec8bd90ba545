/** The e-mail login's session: who is signed in, and signing out. */
import {
  authPreferredAccountRequestSchema,
  authPreferredAccountResponseSchema,
  authSessionResponseSchema,
} from '@portico/core/api'
import type { Hono } from 'hono'
import { deleteCookie } from 'hono/cookie'
import type { AppEnv } from '../http/appEnv.js'
import { AUTH_SESSION_COOKIE, FRAME_COOKIE } from './authCookies.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { FARCASTER_PROVIDER, findFarcasterProfile } from './farcaster/farcasterUsers.js'
import { revokeAuthSession } from './sessions.js'
import { findSocialUsername } from './social/socialIdentities.js'

/**
 * Adds `GET /v1/auth/session`, `POST /v1/auth/signout`, and `GET`/`PUT /v1/auth/preferred-account`
 * (the user's account type, SPEC §6: kept per user, so it follows them to every site and device).
 */
export function registerSessionRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  app.get('/v1/auth/session', async (c) => {
    const { session } = await context.requireSession(c)
    const userName =
      session.socialProvider === FARCASTER_PROVIDER
        ? (await findFarcasterProfile(context.db, session.userId))?.username
        : session.socialProvider
          ? await findSocialUsername(context.db, session.userId, session.socialProvider)
          : undefined
    return c.json(
      authSessionResponseSchema.parse({
        user: {
          id: session.userId,
          ...(session.email !== null ? { email: session.email } : {}),
          ...(userName ? { userName } : {}),
          ...(session.socialProvider ? { socialProvider: session.socialProvider } : {}),
          ...(session.profileImage ? { profileImage: session.profileImage } : {}),
        },
      }),
    )
  })

  app.get('/v1/auth/preferred-account', async (c) => {
    const { session } = await context.requireSession(c)
    const row = await context.db
      .selectFrom('auth_users')
      .select('preferred_account_type')
      .where('id', '=', session.userId)
      .executeTakeFirst()
    // A value written by a later version this one does not know is treated as no choice.
    const parsed = authPreferredAccountResponseSchema.safeParse({ type: row?.preferred_account_type ?? null })
    return c.json(parsed.success ? parsed.data : { type: null })
  })

  app.put('/v1/auth/preferred-account', async (c) => {
    const { session } = await context.requireSession(c)
    const { type } = await context.parseBody(c, authPreferredAccountRequestSchema, 'preferred account')
    await context.db
      .updateTable('auth_users')
      .set({ preferred_account_type: type })
      .where('id', '=', session.userId)
      .execute()
    return c.json(authPreferredAccountResponseSchema.parse({ type }))
  })

  app.post('/v1/auth/signout', async (c) => {
    const { token } = await context.requireSession(c)
    await revokeAuthSession(context.db, token, context.now())
    deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
    return c.body(null, 204)
  })
}
