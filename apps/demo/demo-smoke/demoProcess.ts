// Runs the README's first command, `npm run demo`, the way a person does in a terminal: in its own
// process group (the terminal's foreground group), stopped with the SIGINT that Ctrl-C sends to that
// whole group. While it runs, every process it starts is recorded, so the test can tell afterwards
// whether anything was left behind.

import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import { connect } from 'node:net'

/** Every port `npm run demo` listens on (see scripts/demo.sh), with what answers there. */
export const DEMO_PORTS = {
  site: 5173,
  server: 8787,
  chainA: 8545,
  chainB: 8546,
  solana: 8899,
  polkadot: 9944,
  relay: 8090,
  smtp: 1025,
  mailbox: 1080,
} as const

interface ProcessInfo {
  pid: number
  ppid: number
  pgid: number
  command: string
}

/** The processes of this machine, read from /proc (those that end while being read are skipped). */
function listProcesses(): ProcessInfo[] {
  const processes: ProcessInfo[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name is in parentheses and may itself hold spaces or parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()
      // Field 3 is the state: a zombie has ended, only its parent has not collected it yet.
      if (fields[0] === 'Z') continue
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), pgid: Number(fields[2]), command })
    } catch {}
  }
  return processes
}

function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.setTimeout(1_000)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('timeout', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

export interface DemoRun {
  /** Resolves when `npm run demo` has exited, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Whether the command is still running. */
  running(): boolean
  /** Every process the demo has started so far (its descendants and its process group). */
  started(): Map<number, string>
  /** Sends SIGINT to the demo's process group, as Ctrl-C in its terminal does. */
  interrupt(): void
  /** Kills whatever the demo left behind, so a failed test does not disturb the next one. */
  killAll(): void
  /** The last lines of its output, for error messages. */
  tail(lines?: number): string
}

/** Starts `npm run demo` from `root` with its output in `logFile`. */
export function startDemo(root: string, logFile: string): DemoRun {
  const log = createWriteStream(logFile)
  let output = ''
  const child: ChildProcess = spawn('npm', ['run', 'demo'], {
    cwd: root,
    // A process group of its own, like a terminal's foreground job.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  })
  const keep = (chunk: Buffer) => {
    log.write(chunk)
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const rootPid = child.pid
  if (rootPid === undefined) throw new Error('npm run demo could not be started')
  let done = false
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      done = true
      // Its children may still write; keep the pipes open until they close.
      child.once('close', () => log.end())
      resolve({ code, signal })
    })
  })

  const seen = new Map<number, string>([[rootPid, 'npm run demo']])
  const record = () => {
    const processes = listProcesses()
    let grew = true
    while (grew) {
      grew = false
      for (const info of processes) {
        if (seen.has(info.pid)) continue
        if (info.pgid === rootPid || seen.has(info.ppid)) {
          seen.set(info.pid, info.command)
          grew = true
        }
      }
    }
  }
  const recorder = setInterval(record, 200)
  void exited.then(() => clearInterval(recorder))

  return {
    exited,
    running: () => !done,
    started: () => {
      if (!done) record()
      return new Map(seen)
    },
    interrupt: () => {
      record()
      process.kill(-rootPid, 'SIGINT')
    },
    killAll: () => {
      clearInterval(recorder)
      for (const pid of seen.keys()) {
        if (isAlive(pid)) {
          try {
            process.kill(pid, 'SIGKILL')
          } catch {}
        }
      }
    },
    tail: (lines = 40) => output.split('\n').slice(-lines).join('\n'),
  }
}

/** The processes among `started` that are still running. */
export function leftRunning(started: Map<number, string>): string[] {
  return [...started].filter(([pid]) => isAlive(pid)).map(([pid, command]) => `${pid} ${command}`)
}

async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(2_000),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Asks the relay for a WebSocket; resolves true when it switches protocols. */
function relayUpgrades(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': Buffer.from('portico-demo-ok!').toString('base64'),
      },
      timeout: 2_000,
    })
    req.once('upgrade', (_response, socket) => {
      socket.destroy()
      resolve(true)
    })
    req.once('response', (response) => {
      response.resume()
      resolve(false)
    })
    req.once('timeout', () => req.destroy())
    req.once('error', () => resolve(false))
    req.end()
  })
}

/** Each service of the demo and whether it answers as it should (an error says why not). */
export const DEMO_CHECKS: Record<string, () => Promise<void>> = {
  'the demo page': async () => {
    const response = await fetch(`http://localhost:${DEMO_PORTS.site}/`, {
      signal: AbortSignal.timeout(5_000),
    })
    const html = await response.text()
    if (!response.ok || !html.includes('<title>Portico demo</title>'))
      throw new Error(`status ${response.status}`)
  },
  "the Portico server's /ready": async () => {
    const response = await fetch(`http://127.0.0.1:${DEMO_PORTS.server}/ready`, {
      signal: AbortSignal.timeout(2_000),
    })
    if (!response.ok) throw new Error(`status ${response.status}`)
  },
  'chain 31337': async () => {
    if (Number(await jsonRpc(`http://127.0.0.1:${DEMO_PORTS.chainA}`, 'eth_chainId')) !== 31337)
      throw new Error('wrong chain id')
  },
  'chain 31338': async () => {
    if (Number(await jsonRpc(`http://127.0.0.1:${DEMO_PORTS.chainB}`, 'eth_chainId')) !== 31338)
      throw new Error('wrong chain id')
  },
  'the Solana validator': async () => {
    if (typeof (await jsonRpc(`http://127.0.0.1:${DEMO_PORTS.solana}`, 'getGenesisHash')) !== 'string')
      throw new Error('no genesis hash')
  },
  'the Polkadot chain': async () => {
    // chopsticks answers JSON-RPC over HTTP on its WebSocket port.
    if (
      (await jsonRpc(`http://127.0.0.1:${DEMO_PORTS.polkadot}`, 'chain_getBlockHash', [0])) !==
      `0x${'45'.repeat(32)}`
    )
      throw new Error('not the test chain (genesis hash)')
  },
  'the WalletConnect relay': async () => {
    if (!(await relayUpgrades(DEMO_PORTS.relay))) throw new Error('no WebSocket upgrade')
  },
  'the mailbox': async () => {
    const response = await fetch(`http://127.0.0.1:${DEMO_PORTS.mailbox}/`, {
      signal: AbortSignal.timeout(2_000),
    })
    if (!response.ok) throw new Error(`status ${response.status}`)
  },
}

/**
 * Waits until every service of the demo answers, or fails with the ones that do not (and the
 * demo's output) when `timeoutMs` passes or the demo exits first.
 */
export async function waitForDemo(run: DemoRun, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const pending = new Map(Object.entries(DEMO_CHECKS).map(([name]) => [name, 'no answer yet']))
  while (pending.size > 0) {
    if (!run.running()) {
      throw new Error(
        `npm run demo exited before it was ready (${[...pending.keys()].join(', ')} not answering):\n${run.tail()}`,
      )
    }
    if (Date.now() > deadline) {
      const why = [...pending].map(([name, reason]) => `${name}: ${reason}`).join('; ')
      throw new Error(`npm run demo was not ready within ${timeoutMs / 1000} s (${why}):\n${run.tail()}`)
    }
    for (const name of [...pending.keys()]) {
      try {
        await DEMO_CHECKS[name]!()
        pending.delete(name)
      } catch (error) {
        pending.set(name, error instanceof Error ? error.message : String(error))
      }
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The ETH balance of `address` on the demo's first chain, in wei. */
export async function demoEthBalance(address: string): Promise<bigint> {
  return BigInt(
    (await jsonRpc(`http://127.0.0.1:${DEMO_PORTS.chainA}`, 'eth_getBalance', [address, 'latest'])) as string,
  )
}
