/**
 * nginx from Debian's package in front of server instances, as a site would deploy it: round-robin
 * over loopback upstreams, X-Forwarded-For set for `trustProxy`. The configuration is written to a
 * temporary folder and nginx runs from it as the user running the test (`nginx -p <dir> -c <conf>`),
 * on a free port. `nginxSiteConfig` is also what the README's deployment section shows.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Where Debian's package puts nginx. */
export const NGINX_BINARY = '/usr/sbin/nginx'

/** The `upstream` and `server` blocks: what a deployment puts in its site file. */
export function nginxSiteConfig({ listen, upstreams }: { listen: string; upstreams: readonly string[] }) {
  return `upstream portico {
  ${upstreams.map((upstream) => `server ${upstream} max_fails=1 fail_timeout=10s;`).join('\n  ')}
  keepalive 32;
}

server {
  listen ${listen};
  location / {
    proxy_pass http://portico;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    # The server reads the client's address from the last entry (trustProxy: true).
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    # POST /v1/auth/device/wait holds a request up to auth.deviceWaitMs (25 s by default).
    proxy_read_timeout 60s;
    # An instance that refuses the connection is skipped; the request goes to the next one.
    proxy_next_upstream error timeout;
    add_header X-Portico-Upstream $upstream_addr always;
  }
  location = /nginx-ready {
    return 204;
  }
}
`
}

export interface NginxProxy {
  url: string
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was assigned.'))))
    })
  })
}

/**
 * Starts nginx over `upstreams` (`127.0.0.1:<port>` each) on `port` (a free one when omitted) and
 * resolves once it answers; the upstreams need not be up yet.
 */
export async function startNginxProxy(
  upstreams: readonly string[],
  { port: wanted, timeoutMs = 15_000 }: { port?: number; timeoutMs?: number } = {},
): Promise<NginxProxy> {
  if (!existsSync(NGINX_BINARY)) {
    throw new Error(
      `The two-instance test needs nginx (${NGINX_BINARY}) and found none. Install it with: apt-get install nginx`,
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'portico-nginx-'))
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp))
  const port = wanted ?? (await freePort())
  const conf = join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${nginxSiteConfig({ listen: `127.0.0.1:${port}`, upstreams })
  .split('\n')
  .map((line) => (line ? `  ${line}` : line))
  .join('\n')}
}
`,
  )
  const child: ChildProcess = spawn(NGINX_BINARY, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      // SIGQUIT: nginx's graceful stop; SIGKILL if it has not gone after 5 s.
      child.kill('SIGQUIT')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
      await exited
      clearTimeout(timer)
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''
      await stop()
      throw new Error(`nginx stopped at start (exit code ${child.exitCode}): ${stderr}${log}`)
    }
    try {
      // Answered by nginx itself, so no upstream is asked (and marked failed while it starts).
      const response = await fetch(`${url}/nginx-ready`, { signal: AbortSignal.timeout(1_000) })
      await response.body?.cancel()
      if (response.status === 204) return { url, stop }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`nginx did not answer on ${url} within ${timeoutMs} ms: ${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
