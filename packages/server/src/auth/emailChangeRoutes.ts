/**
 * Changing the account's e-mail (SPEC §5): a code to the current address, then one to the new
 * address, entered in that order.
 */
import { randomUUID } from 'node:crypto'
import {
  authUpdateEmailPrimaryRequestSchema,
  authUpdateEmailPrimaryResponseSchema,
  authUpdateEmailRequestSchema,
  authUpdateEmailResponseSchema,
  authUpdateEmailSecondaryRequestSchema,
  authUpdateEmailSecondaryResponseSchema,
  socialProviderName,
} from '@portico/core/api'
import type { Hono } from 'hono'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { codeRefusal, emailOf } from './authRefusals.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { checkCode, consumeCode, deleteCodes, findLatestCode, issueCode } from './codes.js'
import { emailChangeMails } from './mailer.js'
import { changeUserEmail, findUserByEmail } from './users.js'

/** Adds `POST /v1/auth/email/update`, `…/update/primary` and `…/update/secondary`. */
export function registerEmailChangeRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  const { db, now } = context
  const { otpTtlMs } = context.config.auth

  app.post('/v1/auth/email/update', async (c) => {
    const { codeKey } = context.requireKeys()
    const { session } = await context.requireSession(c)
    const currentEmail = session.email
    // The change proves the current address with a code: an account without one has nothing to change.
    if (currentEmail === null) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        `This account has no e-mail address to change: it logs in with ${session.socialProvider ? socialProviderName(session.socialProvider) : 'a social login'}.`,
      )
    }
    const body = await context.parseBody(c, authUpdateEmailRequestSchema, 'e-mail change')
    const newEmail = emailOf(body.newEmail)
    if (newEmail === currentEmail) {
      throw new ApiRefusal('BAD_REQUEST', `${newEmail} is the account's e-mail already.`)
    }
    if (await findUserByEmail(db, newEmail)) {
      throw new ApiRefusal('EMAIL_TAKEN', `${newEmail} belongs to another account already.`)
    }
    const project = c.get('project')
    // Its own cool-down, per user: a change asked for right after a login mail is normal, and must
    // not delay a login with either address.
    const claim = await context.claimCooldown(`change:${session.userId}`)
    const issued: string[] = []
    try {
      const common = {
        projectId: project.id,
        userId: session.userId,
        newEmail,
        requestId: randomUUID(),
        now: now(),
        ttlMs: otpTtlMs,
      }
      const primary = await issueCode(db, codeKey, {
        ...common,
        purpose: 'update_primary',
        email: currentEmail,
      })
      issued.push(primary.id)
      const secondary = await issueCode(db, codeKey, {
        ...common,
        purpose: 'update_secondary',
        email: newEmail,
      })
      issued.push(secondary.id)
      const [toCurrent, toNew] = emailChangeMails(
        project.name,
        { to: currentEmail, code: primary.code },
        { to: newEmail, code: secondary.code },
      )
      await context.send(context.requesterOf(c, undefined), toCurrent, toNew)
    } catch (error) {
      await deleteCodes(db, issued)
      await claim.release()
      throw error
    }
    return c.json(authUpdateEmailResponseSchema.parse({ action: 'VERIFY_PRIMARY_OTP' }))
  })

  app.post('/v1/auth/email/update/primary', async (c) => {
    const { codeKey } = context.requireKeys()
    const { session } = await context.requireSession(c)
    const body = await context.parseBody(c, authUpdateEmailPrimaryRequestSchema, 'code')
    const stored = await findLatestCode(db, { purpose: 'update_primary', userId: session.userId })
    if (!stored) throw new ApiRefusal('OTP_INVALID', 'No e-mail change is pending: ask for one first.')
    const check = await checkCode(db, codeKey, stored, body.otp, context.limits())
    if (check.result !== 'match') throw codeRefusal(check)
    if (!(await consumeCode(db, stored.id, context.limits()))) throw codeRefusal({ result: 'used' })
    return c.json(authUpdateEmailPrimaryResponseSchema.parse({ action: 'VERIFY_SECONDARY_OTP' }))
  })

  app.post('/v1/auth/email/update/secondary', async (c) => {
    const { codeKey } = context.requireKeys()
    const { session } = await context.requireSession(c)
    const body = await context.parseBody(c, authUpdateEmailSecondaryRequestSchema, 'code')
    const stored = await findLatestCode(db, { purpose: 'update_secondary', userId: session.userId })
    if (!stored?.requestId || !stored.newEmail) {
      throw new ApiRefusal('OTP_INVALID', 'No e-mail change is pending: ask for one first.')
    }
    const primary = await findLatestCode(db, {
      purpose: 'update_primary',
      userId: session.userId,
      requestId: stored.requestId,
    })
    if (!primary?.usedAt) {
      // Not counted as a wrong try: the person entered the codes in the wrong order, not a guess.
      throw new ApiRefusal(
        'BAD_REQUEST',
        `Enter the code sent to the current address (${session.email}) first, then the one sent to ${stored.newEmail}.`,
      )
    }
    const check = await checkCode(db, codeKey, stored, body.otp, context.limits())
    if (check.result !== 'match') throw codeRefusal(check)
    const newEmail = stored.newEmail
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await consumeCode(trx, stored.id, context.limits()))) return 'used' as const
      if (!(await changeUserEmail(trx, session.userId, newEmail))) {
        throw new ApiRefusal('EMAIL_TAKEN', `${newEmail} was taken by another account meanwhile.`)
      }
      return 'changed' as const
    })
    if (outcome === 'used') throw codeRefusal({ result: 'used' })
    return c.json(authUpdateEmailSecondaryResponseSchema.parse({ email: newEmail }))
  })
}
