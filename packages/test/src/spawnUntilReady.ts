import { type ChildProcess, spawn } from 'node:child_process'

export interface SpawnUntilReadyOptions {
  /** What the process is, for the errors ("anvil", "alto"). */
  name: string
  command: string
  args: readonly string[]
  /** Where it answers, for the errors. */
  url: string
  /** Resolves true once the process serves; a throw counts as not yet. */
  isReady: () => Promise<boolean>
  readyTimeoutMs: number
  /** How long to wait between two `isReady` checks. */
  pollMs: number
  /** Also keep its standard output for the errors (anvil's lists every request, so only its errors are kept). */
  keepStdout?: boolean
}

export interface SpawnedProcess {
  pid: number | undefined
  /** Stops the process (SIGTERM, then SIGKILL after 3 s) and waits for it to exit. */
  stop(): Promise<void>
}

/**
 * Spawns a local service and resolves once `isReady` says it serves. It fails as soon as the
 * process exits, or, after stopping it, once `readyTimeoutMs` passed; both errors end with the
 * process's last output.
 */
export async function spawnUntilReady(options: SpawnUntilReadyOptions): Promise<SpawnedProcess> {
  const child = spawn(options.command, [...options.args], {
    stdio: ['ignore', options.keepStdout ? 'pipe' : 'ignore', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-6000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code
      resolve()
    })
    child.once('error', (error) => {
      output += `\n${error.message}`
      exitCode = -1
      resolve()
    })
  })

  const deadline = Date.now() + options.readyTimeoutMs
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(
        `${options.name} exited (code ${exitCode}) before it was ready on ${options.url}.\n${output}`,
      )
    if (await options.isReady().catch(() => false)) break
    if (Date.now() > deadline) {
      await stopProcess(child, exited)
      throw new Error(
        `${options.name} did not answer on ${options.url} within ${options.readyTimeoutMs} ms.\n${output}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs))
  }
  return { pid: child.pid, stop: () => stopProcess(child, exited) }
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}
