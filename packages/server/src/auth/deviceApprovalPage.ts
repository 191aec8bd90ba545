/**
 * The pages behind a device mail's link. Mail systems open every link in a mail to scan it, so
 * opening the link only shows what would be approved, with one button; the approval is that
 * button's POST. The pages carry a token and an address, so nothing on them may leak or run.
 */

/** What the page behind the link shows. */
export type DeviceApprovalPage =
  | {
      view: 'confirm'
      token: string
      email: string
      siteName: string | null
      requestedAt: Date | null
      now: number
    }
  | { view: 'approved' }
  | { view: 'expired' }
  | { view: 'used' }
  | { view: 'malformed' }
  | { view: 'not-a-form' }

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe to put into HTML, both between tags and inside a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char)
}

/**
 * The address with most of its local part hidden (`an***@example.com`): the page may be opened
 * by a scanner that keeps what it reads, and the person only needs to recognise their address.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  const local = email.slice(0, Math.max(at, 0))
  const domain = email.slice(at + 1)
  return `${local.slice(0, local.length <= 3 ? 1 : 2)}***@${domain}`
}

function ago(from: Date, now: number): string {
  const minutes = Math.floor((now - from.getTime()) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`
  const hours = Math.floor(minutes / 60)
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`
}

/** The server does not know the reader's time zone: UTC, said so, next to a relative time. */
function utc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

interface Content {
  status: 200 | 400 | 415
  title: string
  /** Already escaped HTML. */
  body: string
}

function contentOf(page: DeviceApprovalPage): Content {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`
  switch (page.view) {
    case 'confirm': {
      const site = page.siteName ? `<strong>${escapeHtml(page.siteName)}</strong>` : 'a site'
      const when = page.requestedAt
        ? ` ${escapeHtml(ago(page.requestedAt, page.now))} (${escapeHtml(utc(page.requestedAt))})`
        : ''
      return {
        status: 200,
        title: 'Approve a new device?',
        body: [
          `<p>Someone asked to log in to ${site} as <strong>${escapeHtml(maskEmail(page.email))}</strong> on a device not used before${when}.</p>`,
          paragraph('Approve it only if that was you; then go back to the site, where your login continues.'),
          // Relative, so a server behind a path prefix posts back to itself; the token goes in the
          // body, never in a URL that logs and Referers keep.
          `<form method="post" action="approve"><input type="hidden" name="token" value="${escapeHtml(page.token)}"><button type="submit">Approve this device</button></form>`,
          paragraph('If it was not you, close this page: nothing changes unless the button is pressed.'),
        ].join('\n'),
      }
    }
    case 'approved':
      return {
        status: 200,
        title: 'Device approved',
        body: paragraph('Go back to the site: your login continues there.'),
      }
    case 'expired':
      return {
        status: 400,
        title: 'This link has expired',
        body: paragraph('Go back to the site and log in again for a new one.'),
      }
    case 'used':
      return {
        status: 400,
        title: 'This link was used already or is not valid',
        body: paragraph(
          'If your device is not approved yet, go back to the site and log in again for a new link.',
        ),
      }
    case 'malformed':
      return {
        status: 400,
        title: 'This link is not valid',
        body: paragraph('Open the link exactly as it is in the mail.'),
      }
    case 'not-a-form':
      return {
        status: 415,
        title: 'This request is not valid',
        body: paragraph(
          'A device is approved with the button on the page its mailed link opens: a form post (application/x-www-form-urlencoded) with the token in its body.',
        ),
      }
  }
}

/**
 * The HTML response for a device approval page, with headers that keep its token from leaking
 * through a Referer, a cache, a script or a frame.
 * @example
 * return renderDeviceApprovalPage({ view: 'expired' })
 */
export function renderDeviceApprovalPage(page: DeviceApprovalPage): Response {
  const { status, title, body } = contentOf(page)
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1f5fd6;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #0b3a8f;outline-offset:2px}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      // The button approves a device: no other site may frame the page and trick a click onto it.
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    },
  })
}
