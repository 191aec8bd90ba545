/**
 * The page the provider's callback answers with when it cannot send the browser back to the site:
 * the callback names no login the server knows (an unknown state, or another provider's), or the
 * login already came back once (a replayed callback). Every other callback, a failed one too,
 * returns to the site's page, whose frame tells the visitor what happened.
 *
 * It says what happened and what to do, and nothing else: no state, code, proof or address of the
 * site (an unknown state names no site; a replayed one may be an attacker's), no script, no link.
 */
import { createHash } from 'node:crypto'
import { escapeHtml } from '../deviceApprovalPage.js'

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.4rem}'
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64')

/** What the visitor does, whatever happened: the login cannot go on from this page. */
export const SOCIAL_CALLBACK_PAGE_ADVICE =
  'Close this window (or tab), go back to the site and start the login again.'

/**
 * Nothing loads, runs, frames it or submits from it; its own style alone, by its hash. No referrer
 * leaves it, and no cache keeps it.
 */
export const SOCIAL_CALLBACK_PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

export interface SocialCallbackPage {
  /** The refusal's status: the request was refused, whatever the page says. */
  status: number
  /** The refusal's code, shown small, for a visitor who reports it. */
  code: string
  /** What happened, in one sentence. */
  message: string
}

/** The HTML response of a callback that cannot go back to the site. */
export function renderSocialCallbackPage(page: SocialCallbackPage): Response {
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>This login cannot go on</title>
<style>${STYLE}</style></head>
<body><h1>This login cannot go on</h1>
<p>${escapeHtml(page.message)}</p>
<p>${escapeHtml(SOCIAL_CALLBACK_PAGE_ADVICE)}</p>
<p><small>${escapeHtml(page.code)}</small></p>
</body>
</html>
`
  return new Response(html, {
    status: page.status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': SOCIAL_CALLBACK_PAGE_CSP,
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
    },
  })
}
