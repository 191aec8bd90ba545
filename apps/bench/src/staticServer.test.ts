import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SiteNotBuiltError, type StaticSite, serveStatic } from './staticServer.ts'

let dir: string
let site: StaticSite
const script = 'export const answer = 42\n'.repeat(50)

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portico-bench-'))
  await mkdir(join(dir, 'assets'))
  await mkdir(join(dir, '.vite'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>site</title>')
  await writeFile(join(dir, 'assets', 'index.js'), script)
  await writeFile(join(dir, '.vite', 'manifest.json'), '{}')
  await writeFile(join(tmpdir(), 'portico-bench-secret.txt'), 'secret')
  site = await serveStatic(dir)
})

afterAll(async () => {
  await site?.close()
  await rm(dir, { recursive: true, force: true })
  await rm(join(tmpdir(), 'portico-bench-secret.txt'), { force: true })
})

describe('serveStatic', () => {
  it('serves the index at / and a script gzipped to a client that accepts it', async () => {
    const index = await fetch(`${site.origin}/`)
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await index.text()).toContain('<title>site</title>')
    // fetch decompresses by itself; a raw request shows what went over the wire.
    const { request } = await import('node:http')
    const raw = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(
        `${site.origin}/assets/index.js`,
        { headers: { 'accept-encoding': 'gzip, br' } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
          )
        },
      )
        .on('error', reject)
        .end()
    })
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe(script)
    expect(raw.body.length).toBe(site.gzipSize('/assets/index.js'))
  })

  it('gives the gzip size a production host would send', () => {
    expect(site.gzipSize('/assets/index.js')).toBe(gzipSync(script, { level: 9 }).length)
    expect(site.gzipSize('/missing.js')).toBeUndefined()
  })

  it('answers 404 for files it does not have, the build manifest and paths out of the folder', async () => {
    for (const path of [
      '/missing.js',
      '/.vite/manifest.json',
      '/../portico-bench-secret.txt',
      '/%2e%2e/portico-bench-secret.txt',
    ])
      expect((await fetch(`${site.origin}${path}`)).status, path).toBe(404)
    expect((await fetch(`${site.origin}/%E0%A4%A`)).status).toBe(400)
  })

  it('answers 405 to anything but GET and HEAD', async () => {
    const response = await fetch(`${site.origin}/`, { method: 'POST', body: 'x' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('refuses a folder without a built site', async () => {
    await expect(serveStatic(join(dir, 'assets'))).rejects.toThrow(SiteNotBuiltError)
    await expect(serveStatic(join(dir, 'nowhere'))).rejects.toThrow(SiteNotBuiltError)
  })
})
