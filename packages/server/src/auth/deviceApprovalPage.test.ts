import { describe, expect, it } from 'vitest'
import { escapeHtml, maskEmail, renderDeviceApprovalPage } from './deviceApprovalPage.js'

describe('the device approval page', () => {
  it('escapes a site name and an address that carry markup, so nothing on the page runs', async () => {
    const page = renderDeviceApprovalPage({
      view: 'confirm',
      token: 'a'.repeat(43),
      email: `o'brien"<b>@example.com`,
      siteName: `<script>alert("x")</script> & <img src=x onerror=alert(1)>`,
      requestedAt: new Date('2031-01-01T10:00:00Z'),
      now: Date.parse('2031-01-01T10:05:30Z'),
    })
    const html = await page.text()
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;',
    )
    expect(html).toContain('o&#39;***@example.com')
    expect(html).toContain('5 minutes ago (2031-01-01 10:00 UTC)')
    expect(page.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/,
    )
  })

  it('names no site and no time for a link mailed before they were recorded', async () => {
    const html = await renderDeviceApprovalPage({
      view: 'confirm',
      token: 'b'.repeat(43),
      email: 'ann@example.com',
      siteName: null,
      requestedAt: null,
      now: 0,
    }).text()
    expect(html).toContain(
      'log in to a site as <strong>a***@example.com</strong> on a device not used before.',
    )
  })

  it('escapes the five characters that matter in text and in quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  it('keeps two letters of a longer local part and one of a short one', () => {
    expect(maskEmail('annabel@mail.example')).toBe('an***@mail.example')
    expect(maskEmail('ann@mail.example')).toBe('a***@mail.example')
  })

  it('answers each outcome with its status', () => {
    expect(renderDeviceApprovalPage({ view: 'approved' }).status).toBe(200)
    expect(renderDeviceApprovalPage({ view: 'expired' }).status).toBe(400)
    expect(renderDeviceApprovalPage({ view: 'used' }).status).toBe(400)
    expect(renderDeviceApprovalPage({ view: 'malformed' }).status).toBe(400)
    expect(renderDeviceApprovalPage({ view: 'not-a-form' }).status).toBe(415)
  })
})
