/**
 * Logging in with an e-mail code (SPEC §5): asking for a code, proving it, and waiting for a new
 * device's approval. Every address is answered alike until the code is proven.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import {
  authDeviceWaitRequestSchema,
  authDeviceWaitResponseSchema,
  authEmailRequestSchema,
  authEmailResponseSchema,
  authOtpRequestSchema,
  authOtpResponseSchema,
} from '@portico/core/api'
import type { Context, Hono } from 'hono'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { Project } from '../projects/projects.js'
import { deviceOf, setSessionCookie } from './authCookies.js'
import { codeRefusal, emailOf } from './authRefusals.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { checkCode, consumeCode, deleteCodes, findLatestCode, issueCode } from './codes.js'
import { mailDeviceApprovalLink } from './deviceApprovalRoutes.js'
import { loginCodeMail } from './mailer.js'
import { openDeviceSession } from './sessions.js'
import { findOrCreateUser, findUserByEmail, isDeviceApproved } from './users.js'

/** How often a waiting device request looks at the database. */
const DEVICE_POLL_MS = 250

/** Adds `POST /v1/auth/email`, `POST /v1/auth/device/wait` and `POST /v1/auth/otp`. */
export function registerLoginRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  const { config, db, now } = context
  const { otpTtlMs, otpAttempts, sessionTtlMs, deviceWaitMs } = config.auth

  const sendLoginCode = async (
    c: Context<AppEnv>,
    email: string,
    deviceId: string,
    project: Project,
  ): Promise<void> => {
    const { codeKey } = context.requireKeys()
    const time = now()
    const issued = await issueCode(db, codeKey, {
      purpose: 'login',
      email,
      projectId: project.id,
      deviceId,
      now: time,
      ttlMs: otpTtlMs,
    })
    try {
      await context.send(
        context.requesterOf(c, deviceId),
        loginCodeMail(email, project.name, issued.code, otpTtlMs),
      )
    } catch (error) {
      await deleteCodes(db, [issued.id])
      throw error
    }
  }

  // Every address gets the same answer, the same mail (a code) and the same work: whether an
  // account has it, and whether this device is new to it, is told only to whoever proves the code
  // (POST /v1/auth/otp), so a stranger cannot test addresses here.
  app.post('/v1/auth/email', async (c) => {
    const body = await context.parseBody(c, authEmailRequestSchema, 'login request')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    const project = c.get('project')
    const claim = await context.claimCooldown(email)
    try {
      await sendLoginCode(c, email, deviceId, project)
      return c.json(authEmailResponseSchema.parse({ action: 'VERIFY_OTP' }))
    } catch (error) {
      // Nothing was mailed, so the person may ask again at once.
      await claim.release()
      throw error
    }
  })

  // Waits for the approval link of a device. An address without an account waits like any other
  // and is never approved, so the answer does not tell whether the address has one. The code
  // mailed before stays valid: once approved, the visitor enters it again.
  app.post('/v1/auth/device/wait', async (c) => {
    const body = await context.parseBody(c, authDeviceWaitRequestSchema, 'device wait request')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    // A transport limit, not a business rule: measured on the real clock, so an injected one cannot stall it.
    const deadline = performance.now() + deviceWaitMs
    const signal = c.req.raw.signal
    for (;;) {
      const user = await findUserByEmail(db, email)
      if (user && (await isDeviceApproved(db, user.id, deviceId))) {
        return c.json(authDeviceWaitResponseSchema.parse({ approved: true }))
      }
      const left = deadline - performance.now()
      if (left <= 0 || signal.aborted) break
      try {
        await sleep(Math.min(DEVICE_POLL_MS, left), undefined, { signal })
      } catch {
        // The client went away: nobody reads the answer, so stop asking the database.
        break
      }
    }
    return c.json(authDeviceWaitResponseSchema.parse({ approved: false }))
  })

  app.post('/v1/auth/otp', async (c) => {
    const { codeKey } = context.requireKeys()
    const body = await context.parseBody(c, authOtpRequestSchema, 'code')
    const email = emailOf(body.email)
    const deviceId = deviceOf(c, body.deviceId)
    const project = c.get('project')
    const stored = await findLatestCode(db, {
      purpose: 'login',
      email,
      projectId: project.id,
      deviceId,
    })
    if (!stored) {
      throw new ApiRefusal('OTP_INVALID', `No code was sent to ${email} for this device: ask for one first.`)
    }
    const check = await checkCode(db, codeKey, stored, body.otp, context.limits())
    if (check.result !== 'match') throw codeRefusal(check)
    // Only now, to someone who proved the code, may the server tell that the account exists: a
    // known account on a device it has not approved needs the approval link too. The code is not
    // used up, so it works again once the device is approved.
    const known = await findUserByEmail(db, email)
    if (known && !(await isDeviceApproved(db, known.id, deviceId))) {
      await mailDeviceApprovalLink(context, c, { userId: known.id, email, deviceId, project })
      throw new ApiRefusal(
        'DEVICE_NOT_APPROVED',
        `This device is new to this account: open the link just mailed to ${email}, approve the device, then enter the code again.`,
      )
    }
    const result = await db.transaction().execute(async (trx) => {
      const time = now()
      if (!(await consumeCode(trx, stored.id, { now: time, maxAttempts: otpAttempts }))) return undefined
      const { user, created } = await findOrCreateUser(trx, email, time)
      const token = await openDeviceSession(trx, {
        userId: user.id,
        projectId: project.id,
        deviceId,
        now: time,
        ttlMs: sessionTtlMs,
      })
      return { token, user, created }
    })
    // Another request used the code (or it ran out) between the check and now.
    if (!result) throw codeRefusal({ result: 'used' })
    setSessionCookie(c, result.token, sessionTtlMs)
    return c.json(
      authOtpResponseSchema.parse({
        token: result.token,
        user: { id: result.user.id, email: result.user.email },
        isNewUser: result.created,
      }),
    )
  })
}
