/** The e-mail login session a request carries, in its bearer token or its session cookie. */
import type { Context } from 'hono'
import { deleteCookie, getCookie } from 'hono/cookie'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { AppEnv } from '../http/appEnv.js'
import { isBearerToken, readBearerToken } from '../http/bearerToken.js'
import { AUTH_SESSION_COOKIE, FRAME_COOKIE } from './authCookies.js'
import { sessionRefusal } from './authRefusals.js'
import { findAuthSession, type StoredAuthSession } from './sessions.js'

export type RequireAuthSession = (
  c: Context<AppEnv>,
) => Promise<{ token: string; session: StoredAuthSession }>

/**
 * Reads the signed-in session of a request's bearer token (or cookie), for the request's project;
 * refuses with AUTH_SESSION_INVALID otherwise, and drops a cookie that no longer works.
 * @example
 * const requireSession = createRequireAuthSession({ db, now: Date.now })
 * const { session } = await requireSession(c)
 */
export function createRequireAuthSession({
  db,
  now,
}: {
  db: Kysely<Database>
  now: () => number
}): RequireAuthSession {
  return async (c) => {
    const header = c.req.header('authorization')
    const cookie = getCookie(c, AUTH_SESSION_COOKIE)
    if (!header && !cookie) {
      throw sessionRefusal('No session token: send Authorization: Bearer <token>, or log in first.')
    }
    const token = header ? readBearerToken(header) : cookie
    if (!token || !isBearerToken(token)) {
      if (!header) deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
      throw sessionRefusal(
        'The session token is malformed: send Authorization: Bearer <the token of the login>.',
      )
    }
    const session = await findAuthSession(db, token)
    const refuse = (why: string): never => {
      // A cookie that no longer works is dropped, so the next page load does not try it again.
      if (!header) deleteCookie(c, AUTH_SESSION_COOKIE, FRAME_COOKIE)
      throw sessionRefusal(why)
    }
    if (!session) return refuse('The session token is unknown to this server: log in again.')
    const project = c.get('project')
    if (session.projectId !== project.id) {
      return refuse(`The session was made for another project, not for "${project.id}".`)
    }
    if (session.revokedAt) return refuse('The session was signed out: log in again.')
    if (session.expiresAt.getTime() <= now()) return refuse('The session has expired: log in again.')
    return { token, session }
  }
}
