// A local mailbox for the demo and the end-to-end tests: an SMTP server that keeps every message it
// receives in memory, and a small web page (and JSON) that shows them, so a person trying the
// e-mail login can read the one-time code.
//
//   node apps/demo/scripts/mailbox.mjs [--smtp-port 1025] [--http-port 1080]

import { createServer } from 'node:http'
import { pathToFileURL } from 'node:url'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  )

/**
 * Starts the mailbox. Resolves `{ smtpPort, httpPort, messages, close }`; `messages` holds
 * `{ id, to, from, subject, text, receivedAt }`, newest last.
 */
export async function startMailbox({ smtpPort = 1025, httpPort = 1080, host = '127.0.0.1' } = {}) {
  const messages = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            id: messages.length + 1,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            receivedAt: new Date().toISOString(),
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(smtpPort, host, resolve)
  })

  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`)
    if (url.pathname === '/api/messages') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
      response.end(JSON.stringify(messages))
      return
    }
    if (url.pathname !== '/') {
      response.writeHead(404).end('Not found')
      return
    }
    const rows = [...messages]
      .reverse()
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to.join(', '))} · ${escapeHtml(m.receivedAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('')
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
    })
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Portico demo mailbox</title>
<style>body{font:15px system-ui,sans-serif;max-width:720px;margin:32px auto;padding:0 16px;background:#0b0d12;color:#e8eaf0}article{border:1px solid #2a3142;border-radius:12px;padding:12px 16px;margin:12px 0;background:#12151d}h2{font-size:16px;margin:0}.meta{color:#8a90a0;font-size:13px}pre{white-space:pre-wrap;font:14px ui-monospace,monospace}</style></head>
<body><h1>Demo mailbox</h1><p class="meta">Mail the demo's Portico server sends (one-time codes, device approvals). Refreshes every 3 s.</p>${rows || '<p>No mail yet.</p>'}</body></html>`)
  })
  await new Promise((resolve, reject) => {
    http.once('error', reject)
    http.listen(httpPort, host, resolve)
  })

  return {
    smtpPort: smtp.server.address().port,
    httpPort: http.address().port,
    messages,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => http.close(() => resolve())),
      ]),
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const arg = (name, fallback) => {
    const index = process.argv.indexOf(name)
    return index === -1 ? fallback : Number(process.argv[index + 1])
  }
  const mailbox = await startMailbox({
    smtpPort: arg('--smtp-port', 1025),
    httpPort: arg('--http-port', 1080),
  })
  console.log(
    `mailbox: SMTP on 127.0.0.1:${mailbox.smtpPort}, inbox at http://127.0.0.1:${mailbox.httpPort}/`,
  )
  const stop = () => mailbox.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
