/**
 * The e-mail login's cookies: the session's token and the device's id, kept by the browser for the
 * wallet's frame.
 */
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import type { AppEnv } from '../http/appEnv.js'

/** The cookie that keeps the frame's session across page loads (the token, never readable by a script). */
export const AUTH_SESSION_COOKIE = 'portico_session'
/** The cookie that names the browser as a device, so an approved device stays approved. */
export const AUTH_DEVICE_COOKIE = 'portico_device'
const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/
/** A device cookie outlives any session: approving a device is meant to be done once. */
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60

/**
 * The frame is a third-party frame on the site's page, where browsers block or partition storage.
 * A partitioned cookie (CHIPS) is kept per embedding site, even where third-party cookies are
 * blocked, and HttpOnly keeps it from every script, the frame's own included. Browsers accept
 * Secure cookies from https origins and from localhost/127.0.0.1 only: elsewhere over plain http
 * the session lasts as long as the frame.
 */
export const FRAME_COOKIE: CookieOptions = {
  path: '/v1/auth',
  httpOnly: true,
  secure: true,
  sameSite: 'None',
  partitioned: true,
}

/**
 * The device of a request: the one its cookie names when it has one (a frame's storage may be
 * gone after a reload, the cookie is not), else the one in the body, which the cookie then keeps.
 */
export function deviceOf(c: Context<AppEnv>, fromBody: string): string {
  const cookie = getCookie(c, AUTH_DEVICE_COOKIE)
  if (cookie && DEVICE_ID.test(cookie)) return cookie
  setCookie(c, AUTH_DEVICE_COOKIE, fromBody, { ...FRAME_COOKIE, maxAge: DEVICE_COOKIE_MAX_AGE_S })
  return fromBody
}

/** Keeps the session's token in the frame's cookie for as long as the session lasts. */
export function setSessionCookie(c: Context<AppEnv>, token: string, sessionTtlMs: number): void {
  setCookie(c, AUTH_SESSION_COOKIE, token, { ...FRAME_COOKIE, maxAge: Math.floor(sessionTtlMs / 1000) })
}
