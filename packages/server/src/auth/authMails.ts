/**
 * Sending the e-mail login's mails: each counted against the daily caps (per address, network,
 * device and project) before it goes out, and given back when it does not.
 */
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { Logger } from '../logger.js'
import { createMailer, type Mail, MailDeliveryError, type Mailer } from './mailer.js'
import { claimMail, type MailLimit } from './mailQuota.js'

/** The refusal of a mail to an address that had `auth.maxMailsPerDay` in the last 24 hours. */
export const EMAIL_LIMIT_MESSAGE =
  'Too many e-mails were sent to this address today. Please try again tomorrow.'

/** What a visitor is told when one of `auth.mailLimits` refuses a mail. */
const MAIL_LIMIT_WHO: Record<Exclude<MailLimit, 'address'>, string> = {
  ip: 'from this network',
  device: 'from this device',
  project: 'on this site',
}

/** Who a request's mails are counted for. */
export interface MailRequester {
  clientIp: string
  deviceId?: string | undefined
  projectId: string
}

export interface AuthMails {
  /**
   * Sends mails that belong together, each counted against the daily cap of its own address. All
   * are counted before any goes out, so an e-mail change never mails one address and not the other
   * because of the cap; a mail that is not sent is not counted.
   */
  send(requester: MailRequester, ...mails: Mail[]): Promise<void>
  /** Who the request's mails are counted for: its network, the device it names, its project. */
  requesterOf(c: Context<AppEnv>, deviceId: string | undefined): MailRequester
}

/**
 * The login's mail sending over `mailer`, or an SMTP mailer over `auth.smtp` made on the first mail.
 * @example
 * const mails = createAuthMails({ config, db, now: Date.now, logger, clientIp: () => '127.0.0.1' })
 * await mails.send(mails.requesterOf(c, deviceId), loginCodeMail(email, site, code, ttlMs))
 */
export function createAuthMails(deps: {
  config: Pick<ServerConfig, 'auth'>
  db: Kysely<Database>
  now: () => number
  logger: Logger
  mailer?: Mailer | undefined
  clientIp: (c: Context<AppEnv>) => string
}): AuthMails {
  const { config, db, now, logger } = deps
  let mailer = deps.mailer
  const getMailer = () => {
    mailer ??= createMailer(config.auth.smtp)
    return mailer
  }

  const deliver = async (mail: Mail): Promise<void> => {
    try {
      await getMailer().send(mail)
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error
      logger.warn('mail not sent', { err: error })
      throw new ApiRefusal(
        'MAIL_FAILED',
        `The mail to ${mail.to} could not be sent: this server's mail (SMTP) server refused it or did not answer. Try again in a moment; the server's log has the details.`,
      )
    }
  }

  const send = async (requester: MailRequester, ...mails: Mail[]): Promise<void> => {
    const releases: Array<() => Promise<void>> = []
    const releaseFrom = async (index: number) => {
      for (const release of releases.slice(index)) await release()
    }
    try {
      for (const mail of mails) {
        const claim = await claimMail(
          db,
          { email: mail.to, ...requester },
          { now: now(), limits: { maxPerDay: config.auth.maxMailsPerDay, ...config.auth.mailLimits } },
        )
        if (!claim.claimed) {
          const seconds = Math.ceil(claim.retryAfterMs / 1000)
          const headers = { 'Retry-After': String(seconds) }
          if (claim.limit === 'address') throw new ApiRefusal('EMAIL_LIMIT', EMAIL_LIMIT_MESSAGE, headers)
          throw new ApiRefusal(
            'RATE_LIMITED',
            `Too many login e-mails were asked for ${MAIL_LIMIT_WHO[claim.limit]} lately. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
            headers,
          )
        }
        releases.push(claim.release)
      }
    } catch (error) {
      await releaseFrom(0)
      throw error
    }
    for (const [index, mail] of mails.entries()) {
      try {
        await deliver(mail)
      } catch (error) {
        await releaseFrom(index)
        throw error
      }
    }
  }

  const requesterOf = (c: Context<AppEnv>, deviceId: string | undefined): MailRequester => ({
    clientIp: deps.clientIp(c),
    deviceId,
    projectId: c.get('project').id,
  })

  return { send, requesterOf }
}
