/**
 * The page a popup ends on after the provider's callback: it says how the login went and closes
 * itself. It carries no token, code or secret (the frame takes the session from the server), and
 * runs no script but the one-line close, allowed by its hash.
 */
import { createHash } from 'node:crypto'
import { escapeHtml } from '../deviceApprovalPage.js'

const CLOSE_SCRIPT = 'setTimeout(function(){window.close()},600)'
const CLOSE_SCRIPT_HASH = createHash('sha256').update(CLOSE_SCRIPT).digest('base64')

export type SocialCallbackPage = { ok: true } | { ok: false; status: number; code: string; message: string }

/** The HTML response of the popup's last page. */
export function renderSocialCallbackPage(page: SocialCallbackPage): Response {
  const title = page.ok ? 'You are signed in' : 'The login did not go through'
  const body = page.ok
    ? '<p>You can close this window: the site finishes the login.</p>'
    : `<p>${escapeHtml(page.message)}</p><p>Close this window and try again from the site.</p><p><small>${escapeHtml(page.code)}</small></p>`
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.4rem}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
${page.ok ? `<script>${CLOSE_SCRIPT}</script>` : ''}
</body>
</html>
`
  return new Response(html, {
    status: page.ok ? 200 : page.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${CLOSE_SCRIPT_HASH}'; frame-ancestors 'none'`,
      'x-frame-options': 'DENY',
    },
  })
}
