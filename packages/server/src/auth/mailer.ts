/**
 * Sends the e-mail login's mails over SMTP (nodemailer). Mail texts live here, so what a person
 * receives can be read in one place.
 */
import { BaseError } from '@portico/core/errors'
import nodemailer from 'nodemailer'
import type { ServerConfig } from '../config.js'

/** A mail could not be handed to the SMTP server. */
export class MailDeliveryError extends BaseError {
  override name = 'MailDeliveryError' as const
}
export type MailDeliveryErrorType = MailDeliveryError & { name: 'MailDeliveryError' }

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Hands one mail to the SMTP server; throws `MailDeliveryError` when it is not accepted. */
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * A mailer over the SMTP server of `auth.smtp`.
 * @example
 * const mailer = createMailer(config.auth.smtp)
 */
export function createMailer(smtp: ServerConfig['auth']['smtp']): Mailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user !== undefined ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    // The frame waits 30 s for an answer (SPEC §9): a dead SMTP server must fail well before that.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  })
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from: smtp.from, to: mail.to, subject: mail.subject, text: mail.text })
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new MailDeliveryError(
          `The mail to ${mail.to} was not accepted by the SMTP server ${smtp.host}:${smtp.port}: ${reason}`,
          { cause: error },
        )
      }
    },
    close: () => transport.close(),
  }
}

/** The mail with a login code. */
export function loginCodeMail(to: string, site: string, code: string, ttlMs: number): Mail {
  return {
    to,
    subject: `${code} is your login code for ${site}`,
    text: [
      `Your code to log in to ${site}: ${code}`,
      '',
      `It works once, for ${Math.round(ttlMs / 60_000)} minutes.`,
      'If you did not try to log in, ignore this mail: nobody can log in without the code.',
    ].join('\n'),
  }
}

/** The mail with a link that approves a new device. */
export function deviceApprovalMail(to: string, site: string, link: string, ttlMs: number): Mail {
  return {
    to,
    subject: `Approve a new device for ${site}`,
    text: [
      `Someone is logging in to ${site} with your e-mail address on a device you have not used before.`,
      '',
      'If it is you, open this link to approve the device, then go back to the site:',
      link,
      '',
      `The link works once, for ${Math.round(ttlMs / 60_000)} minutes. If it was not you, ignore this mail.`,
    ].join('\n'),
  }
}

/** The mails of an e-mail change: one to the current address, one to the new one. */
export function emailChangeMails(
  site: string,
  current: { to: string; code: string },
  next: { to: string; code: string },
): [Mail, Mail] {
  return [
    {
      to: current.to,
      subject: `${current.code} confirms changing your e-mail for ${site}`,
      text: [
        `Your login e-mail for ${site} is about to change to ${next.to}.`,
        `Enter this code first to confirm it is you: ${current.code}`,
        '',
        'If you did not ask for this, ignore this mail: nothing changes without the code.',
      ].join('\n'),
    },
    {
      to: next.to,
      subject: `${next.code} confirms your new e-mail for ${site}`,
      text: [
        `This address is becoming the login e-mail of an account on ${site}.`,
        `Enter this code after the one sent to the current address: ${next.code}`,
        '',
        'If you did not ask for this, ignore this mail.',
      ].join('\n'),
    },
  ]
}
