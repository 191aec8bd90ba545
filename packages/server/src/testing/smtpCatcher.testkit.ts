/**
 * A real SMTP server on loopback for tests: it accepts every mail, parses it with mailparser and
 * keeps it, so a test reads the code or link a person would get.
 */
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  /** Lower-cased recipient addresses of the envelope. */
  to: string[]
  subject: string
  text: string
}

export interface SmtpCatcher {
  port: number
  /** Every mail received, oldest first. */
  messages: CaughtMail[]
  /**
   * The oldest mail to `to` not handed out by an earlier call, waiting up to `timeoutMs` for it
   * to arrive.
   */
  waitFor(to: string, timeoutMs?: number): Promise<CaughtMail>
  close(): Promise<void>
}

/** Starts an SMTP server on 127.0.0.1 and a free port. */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = []
  const handedOut = new Set<CaughtMail>()
  const waiters = new Set<() => void>()

  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to trust, no account to log in with.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          })
          for (const wake of waiters) wake()
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo

  const take = (to: string) => {
    const mail = messages.find((message) => !handedOut.has(message) && message.to.includes(to.toLowerCase()))
    if (mail) handedOut.add(mail)
    return mail
  }

  return {
    port,
    messages,
    waitFor(to, timeoutMs = 5_000) {
      const found = take(to)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const wake = () => {
          const mail = take(to)
          if (!mail) return
          clearTimeout(timer)
          waiters.delete(wake)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(wake)
          reject(new Error(`No mail to ${to} arrived within ${timeoutMs} ms.`))
        }, timeoutMs)
        waiters.add(wake)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
