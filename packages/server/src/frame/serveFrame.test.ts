import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const PUBLIC_URL = 'https://wallet.shop.example'
const logger = createLogger({ level: 'error', stream: { write: () => {} } })

describe('the embedded wallet frame at /frame/', () => {
  let database: TestDatabase
  let db: Kysely<Database>
  let dir: string
  let outside: string

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'shop', origins: [SITE, 'https://blog.example'] })
    dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><script type="module" src="/frame/assets/main-1a2b.js"></script>',
    )
    writeFileSync(join(dir, 'assets', 'main-1a2b.js'), 'console.log("frame")')
    outside = mkdtempSync(join(tmpdir(), 'portico-secret-'))
    writeFileSync(join(outside, 'secret.txt'), 'not for the web')
  })
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
    await db?.destroy()
    await database?.drop()
  })

  const app = (frameDir: string | undefined) =>
    createApp({
      config: serverConfigSchema.parse({
        publicUrl: PUBLIC_URL,
        ...(frameDir ? { frame: { dir: frameDir } } : {}),
      }),
      db,
      logger,
    })

  it("serves the page, embeddable by the project's site that loads it only, never cached", async () => {
    // The client's iframe sends its page's origin as Referer (referrerpolicy="origin").
    const response = await app(dir).request('/frame/?projectId=shop&chainId=1', {
      headers: { referer: 'https://blog.example/' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/frame-ancestors https:\/\/blog\.example$/)
    expect(csp).not.toContain('https://shop.example')
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toContain('/frame/assets/main-1a2b.js')
  })

  it('lets no site embed it for an unknown project or without one', async () => {
    for (const path of ['/frame/?projectId=nobody', '/frame/']) {
      const response = await app(dir).request(path)
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })

  it('lets the frame reload itself without a Referer on the site that loaded it first', async () => {
    const first = await app(dir).request('/frame/?projectId=shop', {
      headers: { referer: 'https://blog.example/' },
    })
    const cookie = /portico_frame_parent_shop=[^;]+/.exec(first.headers.get('set-cookie') ?? '')?.[0] ?? ''
    expect(cookie).not.toBe('')
    const reload = await app(dir).request('/frame/?projectId=shop', { headers: { cookie } })
    expect(reload.headers.get('content-security-policy')).toMatch(/frame-ancestors https:\/\/blog\.example$/)
    // A Referer from another site wins over the cookie, and is refused.
    const other = await app(dir).request('/frame/?projectId=shop', {
      headers: { cookie, referer: 'https://evil.example/' },
    })
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it("names none of the project's sites to a page that is not one of them, or that does not say which it is", async () => {
    for (const headers of [{ referer: 'https://evil.example/' }, {}]) {
      const response = await app(dir).request('/frame/?projectId=shop', { headers })
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('shop.example')
      expect(response.headers.get('set-cookie') ?? '').not.toContain('portico_frame_parent')
    }
  })

  it('serves hashed assets with their type and a long cache', async () => {
    const response = await app(dir).request('/frame/assets/main-1a2b.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toContain('immutable')
  })

  it('never serves a file outside its folder', async () => {
    const name = outside.split('/').at(-1)
    for (const path of [
      `/frame/..%2F${name}%2Fsecret.txt`,
      '/frame/%2e%2e/%2e%2e/etc/passwd',
      '/frame/missing.js',
    ]) {
      const response = await app(dir).request(path)
      expect(response.status).toBe(404)
      expect(await response.text()).not.toContain('not for the web')
    }
  })

  it('says how to build the frame when it is missing', async () => {
    const response = await app(join(dir, 'nothing-here')).request('/frame/?projectId=shop')
    expect(response.status).toBe(503)
    expect(await response.text()).toMatch(/not built/)
  })

  it("lets the frame's origin use the RPC proxy, but not a stranger's", async () => {
    const call = (origin: string) =>
      app(dir).request('/v1/?projectId=shop&chainId=eip155:1', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
      })
    const fromFrame = await call(PUBLIC_URL)
    expect(fromFrame.status).not.toBe(403)
    const stranger = await call('https://evil.example')
    expect(stranger.status).toBe(403)
  })
})
