/**
 * The built server (`portico-server start`) as a process of its own, so a test can kill it the way
 * an operating system or an operator does (SIGKILL: no shutdown hook runs, nothing is flushed).
 * It runs from `dist/cli.js`, which `pnpm build` writes; the suite builds before it tests.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url))
const READY_TIMEOUT_MS = 30_000

export interface ServerProcess {
  readonly port: number
  readonly pid: number
  /** Sends `signal` and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>
}

/** Starts `portico-server start --config <file>` with `config` (a port must be given) and waits for `/health`. */
export async function startServerProcess(
  config: { port: number } & Record<string, unknown>,
): Promise<ServerProcess> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`pnpm build\` before these tests.`)
  const dir = mkdtempSync(join(tmpdir(), 'portico-server-process-'))
  const file = join(dir, 'config.json')
  writeFileSync(file, JSON.stringify(config))
  const child = spawn(process.execPath, [CLI, 'start', '--config', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => rmSync(dir, { recursive: true, force: true }))
  try {
    await waitForHealth(`http://127.0.0.1:${config.port}/health`, child, () => stderr)
  } catch (error) {
    child.kill('SIGKILL')
    await exited
    throw error
  }
  return {
    port: config.port,
    pid: child.pid ?? -1,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + READY_TIMEOUT_MS
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with ${child.exitCode} before it was ready: ${stderr()}`)
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      await response.body?.cancel()
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`${url} was not ready within ${READY_TIMEOUT_MS / 1000} s: ${stderr()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
