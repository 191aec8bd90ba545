import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { authFrameConfigResponseSchema } from '@portico/core/api'
import { expect, it } from 'vitest'
import { describeAuthRoutes, expectRefusal, FRAME, SITE } from './authRoutesHarness.testkit.js'

describeAuthRoutes('frame config route', (auth) => {
  const { request } = auth

  it('says whether the site embedding the frame may use it, and never lists the project’s sites', async () => {
    const frameDir = await mkdtemp(join(tmpdir(), 'portico-frame-'))
    await writeFile(join(frameDir, 'index.html'), '<!doctype html><title>frame</title>')
    const withFrame = auth.appWith({ ...auth.config, frame: { dir: frameDir } })
    const frameConfig = async (search: string, headers: Record<string, string> = {}) => {
      const response = await withFrame.request(`/v1/auth/frame-config?projectId=shop${search}`, {
        headers: { origin: FRAME, ...headers },
      })
      expect(response.status).toBe(200)
      return authFrameConfigResponseSchema.parse(await response.json())
    }
    // Any client naming the frame's origin gets here: it learns nothing of the list.
    // No chain of this server has a bundler: no smart accounts, nothing sponsored.
    const none = { smartAccountEnabledNetworks: [], sponsoredNetworks: [] }
    expect(await frameConfig('')).toEqual({ allowed: false, allowedOrigins: [], ...none })
    expect(await frameConfig('&origin=https://evil.example')).toEqual({
      allowed: false,
      allowedOrigins: [],
      ...none,
    })
    expect(await frameConfig(`&origin=${encodeURIComponent(SITE)}`)).toEqual({
      allowed: true,
      allowedOrigins: [SITE],
      ...none,
    })
    // The frame's own script names no site: the page load told the server which one embeds it.
    const page = await withFrame.request('/frame/?projectId=shop', {
      headers: { referer: `${SITE}/checkout` },
    })
    const cookie = /portico_frame_parent_shop=[^;]+/.exec(page.headers.get('set-cookie') ?? '')?.[0]
    expect(page.headers.get('set-cookie')).toContain('Partitioned')
    expect(page.headers.get('set-cookie')).toContain('HttpOnly')
    expect(cookie).toBeDefined()
    expect(await frameConfig('', { cookie: cookie ?? '' })).toEqual({
      allowed: true,
      allowedOrigins: [SITE],
      ...none,
    })
    const badOrigin = await auth.app.request('/v1/auth/frame-config?projectId=shop&origin=javascript:1', {
      headers: { origin: FRAME },
    })
    await expectRefusal(badOrigin, 400, 'BAD_REQUEST')
    await expectRefusal(
      await request('GET', '/v1/auth/frame-config', { origin: SITE }),
      403,
      'ORIGIN_NOT_ALLOWED',
    )
  })
})
