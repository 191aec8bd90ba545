#!/usr/bin/env node
/**
 * `pnpm bench:server`: the server under load, on loopback, bounded in count and time. Runs the
 * built server (`packages/server/dist/cli.js`, or `--server-dist <dir>` for another build) as
 * separate processes — one on PGlite, one on PostgreSQL, two on PostgreSQL behind nginx — and
 * drives them with autocannon: a mixed run (health, wallet list, RPC refusal, analytics, sign-in
 * nonce, unknown project, frame file) and one run per route, with /health sampled on a connection
 * of its own during the mixed burst. Writes the results table into README.md between the
 * `bench:server` markers (`--no-write` prints it only).
 *
 * Needs the repository's Node (26, which strips the types of the test helpers it imports), Debian's
 * postgresql and nginx. The figures are indicative: the load generator shares the machine's cores with the servers,
 * PostgreSQL and nginx (its CPU share is in the table), and so does anything else running.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'

const ROOT = resolve(import.meta.dirname, '..')
const { values: options } = parseArgs({
  options: {
    'server-dist': { type: 'string', default: join(ROOT, 'packages/server/dist') },
    amount: { type: 'string', default: '4000' },
    connections: { type: 'string', default: '50' },
    'max-seconds': { type: 'string', default: '30' },
    only: { type: 'string' },
    // `memory` measures what the shared (database) rate-limit counts cost on PostgreSQL.
    'rate-limit-store': { type: 'string', default: 'auto' },
    'no-write': { type: 'boolean', default: false },
  },
})
const SERVER_DIST = resolve(options['server-dist'])
const AMOUNT = Number(options.amount)
const CONNECTIONS = Number(options.connections)
const MAX_SECONDS = Number(options['max-seconds'])
const START_MARK = '<!-- bench:server:start -->'
const END_MARK = '<!-- bench:server:end -->'

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer()
    server.on('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
  })
}

async function waitForHealth(url, child, seconds = 60) {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`The server at ${url} exited (${child.exitCode}).`)
    try {
      const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(1_000) })
      if (response.ok) return
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become ready in ${seconds} s.`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** Starts one `portico-server start` process on `port`. */
async function startInstance(config, dir, name) {
  const file = join(dir, `${name}.json`)
  writeFileSync(file, JSON.stringify(config))
  const child = spawn(process.execPath, [join(SERVER_DIST, 'cli.js'), 'start', '--config', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${config.port}`
  await waitForHealth(url, child)
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

function serverConfig(port, extra) {
  return {
    host: '127.0.0.1',
    port,
    log: { level: 'error' },
    indexer: 'off',
    // The bench measures the server, not its refusals of a flood from one address.
    rateLimit: { perIp: 1_000_000_000, perProject: 1_000_000_000, store: options['rate-limit-store'] },
    analytics: { perIpBytesPerMinute: 1_000_000_000, perProjectBytesPerMinute: 1_000_000_000 },
    chains: [
      {
        caipNetworkId: 'eip155:1',
        name: 'Ethereum',
        // Never called: the mixed run asks the proxy for a method it refuses without going upstream.
        rpcUrl: 'http://127.0.0.1:9/',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        indexer: { enabled: false },
      },
    ],
    ...extra,
  }
}

const ORIGIN = 'https://shop.example'
const analyticsBody = JSON.stringify([
  {
    eventId: 'bench-event',
    url: 'https://shop.example/',
    domain: 'shop.example',
    timestamp: 1_800_000_000_000,
    props: { type: 'track', event: 'MODAL_OPEN' },
  },
])

const ROUTES = {
  health: { method: 'GET', path: '/health' },
  wallets: { method: 'GET', path: '/v1/wallets?projectId=bench', headers: { origin: ORIGIN } },
  rpcRefusal: {
    method: 'POST',
    path: '/v1/?chainId=eip155:1&projectId=bench',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [] }),
  },
  analytics: {
    method: 'POST',
    path: '/e?projectId=bench&st=portico&sv=bench-1',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: analyticsBody,
  },
  nonce: {
    method: 'POST',
    path: '/v1/siwx/nonce?projectId=bench',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: '{}',
  },
  unknownProject: { method: 'GET', path: '/v1/wallets?projectId=nobody', headers: { origin: ORIGIN } },
  frame: { method: 'GET', path: '/frame/' },
}

/** An autocannon run; `stop()` ends it early (the /health probe ends with its burst). */
function start(url, requests, { amount = AMOUNT, connections = CONNECTIONS } = {}) {
  let instance
  const started = performance.now()
  let lastResponse = started
  const result = new Promise((done, fail) => {
    instance = autocannon(
      { url, connections, amount, requests, timeout: 10, duration: MAX_SECONDS },
      // autocannon ends a run on its next one-second tick: throughput is taken from the first
      // request to the last response instead, or a run of 1.2 s would count as 2 s.
      (error, outcome) =>
        error
          ? fail(error)
          : done({ ...outcome, elapsedSeconds: Math.max(lastResponse - started, 1) / 1000 }),
    )
    instance.on('response', () => {
      lastResponse = performance.now()
    })
  })
  // Bounded in time whatever the amount: a stuck server ends the run, not the bench.
  const timer = setTimeout(() => instance.stop(), MAX_SECONDS * 1000 + 2_000)
  result.finally(() => clearTimeout(timer)).catch(() => {})
  return { result, stop: () => instance.stop() }
}

const run = (url, requests, settings) => start(url, requests, settings).result

/** One setup at `url`: a mixed burst with /health probed alongside, then each route alone. */
async function measure(name, url, serverPids) {
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0)
  const wallStart = performance.now()
  const cpuStart = process.cpuUsage()
  const serverCpuStart = serverCpu()
  // /health on a connection of its own during the burst: what a load balancer's probe sees.
  const probe = start(url, [ROUTES.health], { amount: 10_000_000, connections: 1 })
  const burst = await run(url, Object.values(ROUTES))
  probe.stop()
  const health = await probe.result
  const wall = (performance.now() - wallStart) / 1000
  const cpu = process.cpuUsage(cpuStart)
  const rows = [
    {
      name,
      route: 'mixed',
      result: burst,
      health,
      generatorCpu: (cpu.user + cpu.system) / 1e6 / wall,
      serverCpu: (serverCpu() - serverCpuStart) / wall,
    },
  ]
  for (const route of ['health', 'wallets', 'analytics', 'nonce']) {
    rows.push({ name, route, result: await run(url, [ROUTES[route]]) })
  }
  return rows
}

async function main() {
  // The tests' own helpers, from source (Node strips their types): the bench's PostgreSQL and nginx
  // are started exactly as the two-instance test starts them.
  const testing = join(ROOT, 'packages/server/src/testing')
  const { startPostgresCluster } = await import(join(testing, 'postgresCluster.ts'))
  const { startNginxProxy } = await import(join(testing, 'nginxProxy.testkit.ts'))
  const dir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
  const cleanups = []
  const results = []
  const only = options.only?.split(',')
  const wanted = (name) => !only || only.includes(name)
  try {
    const project = async (config) => {
      const file = join(dir, 'add.json')
      writeFileSync(file, JSON.stringify(config))
      await new Promise((done, fail) => {
        const child = spawn(
          process.execPath,
          [join(SERVER_DIST, 'cli.js'), 'project', 'add', 'bench', '--origin', ORIGIN, '--config', file],
          { stdio: 'ignore' },
        )
        child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`project add exited ${code}`))))
      })
    }
    if (wanted('pglite')) {
      const config = serverConfig(await freePort(), { dataDir: join(dir, 'pglite') })
      await project(config)
      const server = await startInstance(config, dir, 'pglite')
      cleanups.push(() => server.stop())
      results.push(...(await measure('1 instance, PGlite', server.url, [server.pid])))
      await server.stop()
    }
    if (wanted('postgres') || wanted('pair')) {
      const cluster = await startPostgresCluster()
      cleanups.push(() => cluster.stop())
      const databaseUrl = cluster.url
      const base = (port) => serverConfig(port, { databaseUrl, trustProxy: true })
      await project(base(0))
      if (wanted('postgres')) {
        const server = await startInstance(base(await freePort()), dir, 'postgres')
        results.push(...(await measure('1 instance, PostgreSQL', server.url, [server.pid])))
        await server.stop()
      }
      if (wanted('pair')) {
        const servers = []
        for (const name of ['a', 'b']) {
          const server = await startInstance(base(await freePort()), dir, `pair-${name}`)
          servers.push(server)
          cleanups.push(() => server.stop())
        }
        const nginx = await startNginxProxy(servers.map((server) => server.url.replace('http://', '')))
        cleanups.push(() => nginx.stop())
        results.push(
          ...(await measure(
            '2 instances, PostgreSQL, nginx',
            nginx.url,
            servers.map((server) => server.pid),
          )),
        )
      }
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    rmSync(dir, { recursive: true, force: true })
  }
  const table = renderTable(results)
  process.stdout.write(`${table}\n`)
  if (!options['no-write'] && !only && SERVER_DIST === join(ROOT, 'packages/server/dist')) writeReadme(table)
}

const ms = (value) => (value === undefined ? '–' : `${Math.round(value)} ms`)

function renderTable(rows) {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1))
  const lines = [
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${process.platform}, Node ${process.version}, load average ${one} / ${five} / ${fifteen} (1/5/15 min); ${AMOUNT} requests a run over ${CONNECTIONS} connections, loopback. Indicative: the load generator, the servers, PostgreSQL and nginx share the machine's cores with whatever else runs.`,
    '',
    '| setup | run | req/s | p50 | p99 | errors | non-2xx | /health p99 during the burst | generator CPU | servers CPU |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ]
  for (const row of rows) {
    const { result } = row
    lines.push(
      `| ${row.name} | ${row.route} | ${Math.round(result.requests.total / result.elapsedSeconds)} | ${ms(result.latency.p50)} | ${ms(result.latency.p99)} | ${result.errors + result.timeouts} | ${result.non2xx} | ${row.health ? ms(row.health.latency.p99) : ''} | ${row.generatorCpu !== undefined ? `${Math.round(row.generatorCpu * 100)} %` : ''} | ${row.serverCpu !== undefined ? `${Math.round(row.serverCpu * 100)} %` : ''} |`,
    )
  }
  lines.push(
    '',
    'non-2xx in the mixed run are its refusals (an RPC method never forwarded, an unknown project, the frame when it is not built), as asked; CPU is a share of one core (200 % = both cores of a 2-core machine).',
  )
  return lines.join('\n')
}

function writeReadme(table) {
  const file = join(ROOT, 'README.md')
  const text = readFileSync(file, 'utf8')
  const start = text.indexOf(START_MARK)
  const end = text.indexOf(END_MARK)
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`README.md has no ${START_MARK} … ${END_MARK} block for the table.`)
  }
  writeFileSync(file, `${text.slice(0, start + START_MARK.length)}\n${table}\n${text.slice(end)}`)
  process.stdout.write('README.md updated.\n')
}

await main()
