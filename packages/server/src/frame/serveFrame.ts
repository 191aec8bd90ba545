/**
 * Serves the embedded wallet's frame (static files built by `@portico/embedded-wallet`) at
 * `/frame/`, on this server's origin, so the keys it holds are out of reach of the sites that
 * embed it. Only a project's own sites may embed it: `frame-ancestors` names the one loading it.
 */
import { readFile, realpath, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, extname, join, sep } from 'node:path'
import type { Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { CookieOptions } from 'hono/utils/cookie'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { isOriginAllowed } from '../projects/origins.js'
import { isProjectId, type Project } from '../projects/projects.js'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

/** Where `@portico/embedded-wallet` put its built frame, or undefined when it is not built. */
export function defaultFrameDir(): string | undefined {
  try {
    const require = createRequire(import.meta.url)
    return join(dirname(require.resolve('@portico/embedded-wallet/package.json')), 'dist-frame')
  } catch {
    return undefined
  }
}

/** The Content-Security-Policy of every frame file: nothing from elsewhere, embedded by `ancestors` only. */
export function frameContentSecurityPolicy(ancestors: readonly string[]): string {
  const allowed = ancestors.includes('*') ? '*' : ancestors.length ? ancestors.join(' ') : "'none'"
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
    `frame-ancestors ${allowed}`,
  ].join('; ')
}

/**
 * The cookie naming the site that loaded the frame of a project, read by `/v1/auth/frame-config`.
 * Partitioned (CHIPS), so each embedding site has its own; HttpOnly, as no script needs it.
 */
export function frameParentCookie(projectId: string): string {
  return `portico_frame_parent_${projectId}`
}

const FRAME_PARENT_COOKIE: CookieOptions = {
  // Read by the frame's page (on a reload) and by /v1/auth/frame-config.
  path: '/',
  httpOnly: true,
  secure: true,
  sameSite: 'None',
  partitioned: true,
}

/**
 * The origin of the page that loads the frame, from the navigation's `Referer` (the client's
 * iframe asks for `referrerpolicy="origin"`), or undefined when there is none.
 */
function embeddingOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    const origin = new URL(referer).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

export interface FrameRouteDependencies {
  /** The built frame; the route answers 503 saying how to build it when it is missing. */
  dir: string | undefined
  getProject(id: string): Promise<Project | undefined>
}

/** Adds `GET /frame/*` (the frame's files) to the app. */
export function registerFrameRoutes(app: Hono<AppEnv>, deps: FrameRouteDependencies): void {
  app.get('/frame', (c) => c.redirect(`/frame/${new URL(c.req.url).search}`, 301))
  app.get('/frame/*', async (c) => {
    const headers = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' }
    const root = deps.dir
    if (!root || !(await stat(join(root, 'index.html')).catch(() => undefined))) {
      return c.text(
        'The embedded wallet frame is not built: run `pnpm --filter @portico/embedded-wallet build`, or set frame.dir in the config.',
        503,
        headers,
      )
    }
    let relative: string
    try {
      relative = decodeURIComponent(c.req.path.slice('/frame/'.length)) || 'index.html'
    } catch {
      // `%` not followed by two hex digits, or bytes that are not UTF-8 (an overlong `%c0%ae` is
      // how some servers were tricked into `..`): no file of the frame is named so.
      throw new ApiRefusal(
        'BAD_REQUEST',
        'The frame path has a malformed %-escape: no file of the frame is named so.',
      )
    }
    // Resolved and compared with the real root, so `..` or a link cannot leave the folder.
    const realRoot = await realpath(root)
    const file = await realpath(join(realRoot, relative)).catch(() => undefined)
    const inside = file?.startsWith(realRoot + sep) === true
    if (!file || !inside || !(await stat(file)).isFile()) {
      return c.text('Not found', 404, headers)
    }
    const projectId = c.req.query('projectId')
    // Only a well-formed id is looked up: the database refuses some text (NUL) with an error.
    const project = projectId && isProjectId(projectId) ? await deps.getProject(projectId) : undefined
    const isPage = extname(file) === '.html'
    // The frame reloading itself (APP_RELOAD) sends no Referer (its own policy is no-referrer): the
    // cookie its first load set names the site then. It is partitioned by the top-level site, and
    // frame-ancestors is checked against every ancestor, so it cannot lend one site's name to another.
    const embedder =
      embeddingOrigin(c.req.header('referer')) ??
      (project ? getCookie(c, frameParentCookie(project.id)) : undefined)
    // Only the site that loads the frame is named, never the project's whole list: a header any
    // client can read must not tell a stranger which sites use the project.
    let ancestors: string[] = []
    if (project && isPage) {
      if (embedder !== undefined && isOriginAllowed(project.allowedOrigins, embedder)) {
        ancestors = [embedder]
        // The frame's script asks the server which site embeds it (/v1/auth/frame-config) and
        // cannot see it itself in every browser: this cookie tells it, per embedding site.
        setCookie(c, frameParentCookie(project.id), embedder, FRAME_PARENT_COOKIE)
      } else if (project.allowedOrigins.includes('*')) {
        ancestors = ['*']
      }
    }
    return c.body(await readFile(file), 200, {
      ...headers,
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': frameContentSecurityPolicy(ancestors),
      // Built assets carry a hash in their name; the page itself must always be fresh.
      'Cache-Control': isPage ? 'no-store' : 'public, max-age=31536000, immutable',
    })
  })
}
