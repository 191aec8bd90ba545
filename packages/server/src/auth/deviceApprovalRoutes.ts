/**
 * Approving a new device by a mailed link (SPEC §5): the mail, the page the link opens, and that
 * page's button. The link is reached from a mail client's browser, with no project and any origin.
 */
import type { Context, Hono } from 'hono'
import type { AppEnv } from '../http/appEnv.js'
import { readBody } from '../http/readBody.js'
import type { Project } from '../projects/projects.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { renderDeviceApprovalPage } from './deviceApprovalPage.js'
import { deviceApprovalMail } from './mailer.js'
import {
  approveDeviceByToken,
  cancelDeviceApproval,
  findDeviceApproval,
  hasPendingDeviceApproval,
  requestDeviceApproval,
} from './users.js'

/**
 * The link in a device mail (GET: a page with a button) and that button's form post (POST: the
 * approval): reached from a mail client's browser, with no project and any origin.
 */
export const AUTH_DEVICE_APPROVE_PATH = '/v1/auth/device/approve'
const APPROVAL_TOKEN = /^[A-Za-z0-9_-]{43}$/
/** The approval form carries one token; anything much larger is not that form. */
const APPROVAL_FORM_MAX_BYTES = 4 * 1024

/**
 * Mails a device-approval link, unless one for this device is still pending (a code entered
 * twice before the link is followed does not mail it twice).
 */
export async function mailDeviceApprovalLink(
  context: AuthRouteContext,
  c: Context<AppEnv>,
  { userId, email, deviceId, project }: { userId: string; email: string; deviceId: string; project: Project },
): Promise<void> {
  const { db, now, config, publicUrl } = context
  const { codeKey } = context.requireKeys()
  if (await hasPendingDeviceApproval(db, userId, deviceId, now())) return
  const token = await requestDeviceApproval(db, codeKey, {
    userId,
    deviceId,
    projectId: project.id,
    now: now(),
    ttlMs: config.auth.otpTtlMs,
  })
  const link = `${publicUrl}${AUTH_DEVICE_APPROVE_PATH}?token=${token}`
  try {
    await context.send(
      context.requesterOf(c, deviceId),
      deviceApprovalMail(email, project.name, link, config.auth.otpTtlMs),
    )
  } catch (error) {
    await cancelDeviceApproval(db, codeKey, token)
    throw error
  }
}

/** Adds the approval link's page (GET) and its button's form post (POST). */
export function registerDeviceApprovalRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  const { db, now } = context

  // Opening the link changes nothing: mail systems open every link of a mail to scan it, and
  // would approve a device nobody asked for. The page says what is asked and offers the button.
  app.get(AUTH_DEVICE_APPROVE_PATH, async (c) => {
    const { codeKey } = context.requireKeys()
    const token = c.req.query('token')
    if (!token || !APPROVAL_TOKEN.test(token)) return renderDeviceApprovalPage({ view: 'malformed' })
    const time = now()
    const found = await findDeviceApproval(db, codeKey, token, time)
    switch (found.status) {
      case 'pending':
        return renderDeviceApprovalPage({
          view: 'confirm',
          token,
          email: found.email,
          siteName: found.siteName,
          requestedAt: found.requestedAt,
          now: time,
        })
      case 'expired':
        return renderDeviceApprovalPage({ view: 'expired' })
      case 'unknown':
        return renderDeviceApprovalPage({ view: 'used' })
    }
  })

  // The page's button. A plain form post, so a mail client's browser sends it with Origin: null or
  // this server's origin and no project; the token in the body is what authorises it.
  app.post(AUTH_DEVICE_APPROVE_PATH, async (c) => {
    const { codeKey } = context.requireKeys()
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase()
    if (type !== 'application/x-www-form-urlencoded') return renderDeviceApprovalPage({ view: 'not-a-form' })
    const form = new URLSearchParams(await readBody(c.req.raw, APPROVAL_FORM_MAX_BYTES))
    const token = form.get('token')
    if (!token || !APPROVAL_TOKEN.test(token)) return renderDeviceApprovalPage({ view: 'malformed' })
    switch (await approveDeviceByToken(db, codeKey, token, now())) {
      case 'approved':
        return renderDeviceApprovalPage({ view: 'approved' })
      case 'expired':
        return renderDeviceApprovalPage({ view: 'expired' })
      case 'unknown':
        return renderDeviceApprovalPage({ view: 'used' })
    }
  })
}
