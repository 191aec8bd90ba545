import { readdir, readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative, sep } from 'node:path'
import { gzipSync } from 'node:zlib'

/** A built site served from memory on a free local port. */
export type StaticSite = {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** The gzip size of a served file, by URL path (`/assets/index-abc.js`); undefined if there is none. */
  gzipSize: (pathname: string) => number | undefined
  close: () => Promise<void>
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

/** The folder to serve holds no built site. */
export class SiteNotBuiltError extends Error {
  override name = 'SiteNotBuiltError' as const
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name))
}

/**
 * Serves a folder as a production host would: every file gzipped (level 9) for clients that accept
 * it. Only the files read at start are served, so no request can reach outside the folder.
 */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const files = new Map<string, { body: Buffer; gzip: Buffer; type: string }>()
  const found = await filesUnder(dir).catch((error: unknown) => {
    throw new SiteNotBuiltError(`Cannot read ${dir}: build the site first (pnpm bench without --no-build)`, {
      cause: error,
    })
  })
  for (const file of found) {
    const path = `/${relative(dir, file).split(sep).join('/')}`
    // Vite's manifest is build metadata, not part of the site.
    if (path.startsWith('/.vite/')) continue
    const body = await readFile(file)
    const extension = path.slice(path.lastIndexOf('.'))
    files.set(path, {
      body,
      gzip: gzipSync(body, { level: 9 }),
      type: types[extension] ?? 'application/octet-stream',
    })
  }
  if (!files.has('/index.html'))
    throw new SiteNotBuiltError(
      `${dir} has no index.html: build the site first (pnpm bench without --no-build)`,
    )

  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)
    } catch {
      response.writeHead(400).end()
      return
    }
    const file = files.get(pathname === '/' ? '/index.html' : pathname)
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const body = gzip ? file.gzip : file.body
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(gzip && { 'content-encoding': 'gzip' }),
    })
    response.end(request.method === 'HEAD' ? undefined : body)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    gzipSize: (pathname) => files.get(pathname === '/' ? '/index.html' : pathname)?.gzip.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
