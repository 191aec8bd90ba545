import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { connect, createServer } from 'node:net'
import { dirname, join } from 'node:path'

export interface StartAnvilOptions {
  chainId: number
  /** A free port is picked when omitted. */
  port?: number
  /** How long to wait for the node to answer `eth_chainId`. Defaults to 15 s. */
  readyTimeoutMs?: number
  /** Extra command-line flags, e.g. `['--block-time', '1']`. */
  args?: readonly string[]
}

export interface AnvilInstance {
  rpcUrl: string
  chainId: number
  port: number
  /** Stops the node and waits for the process to exit. */
  stop(): Promise<void>
}

/** Finds the anvil executable that `@foundry-rs/anvil` installed for this platform. */
export function resolveAnvilBinary(): string {
  const fromEnv = process.env.ANVIL_BINARY
  if (fromEnv) return fromEnv
  const binaryName = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const platformPackage = `@foundry-rs/anvil-${process.platform}-${arch}`
  const require = createRequire(import.meta.url)
  const wrapperDir = dirname(require.resolve('@foundry-rs/anvil/package.json'))
  // The platform package is a dependency of the wrapper, so resolve it from the wrapper's folder.
  const fromWrapper = createRequire(join(wrapperDir, 'package.json'))
  try {
    const candidate = fromWrapper.resolve(`${platformPackage}/bin/${binaryName}`)
    if (existsSync(candidate)) return candidate
  } catch {
    // The postinstall script may have downloaded the binary into dist/ instead.
  }
  const fallback = join(wrapperDir, '..', 'dist', binaryName)
  if (existsSync(fallback)) return fallback
  throw new Error(`The anvil binary was not found (looked for ${platformPackage} and ${fallback}).`)
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => (port ? resolve(port) : reject(new Error('No free port was assigned.'))))
    })
  })
}

/** Sends one JSON-RPC request over HTTP and returns its result, throwing on an RPC error. */
export async function rpc<T = unknown>(rpcUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } }
  if (body.error) throw new Error(`${method} failed: ${body.error.message} (${body.error.code})`)
  return body.result as T
}

/**
 * Starts a local anvil node and resolves once it answers JSON-RPC.
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * afterAll(() => anvil.stop())
 */
export async function startAnvil(options: StartAnvilOptions): Promise<AnvilInstance> {
  const port = options.port ?? (await getFreePort())
  const readyTimeoutMs = options.readyTimeoutMs ?? 15_000
  const rpcUrl = `http://127.0.0.1:${port}`
  const child = spawn(
    resolveAnvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(options.chainId),
      ...(options.args ?? []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
  })
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exitCode = code
      resolve()
    })
    child.once('error', (error) => {
      stderr += `\n${error.message}`
      exitCode = -1
      resolve()
    })
  })

  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`anvil exited (code ${exitCode}) before it was ready on ${rpcUrl}.\n${stderr}`)
    }
    try {
      // Probe the socket first: a refused fetch is logged loudly by some test environments.
      if (await isListening(port)) {
        const chainId = await rpc<string>(rpcUrl, 'eth_chainId')
        if (Number(chainId) === options.chainId) break
      }
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) {
      await stopProcess(child, exited)
      throw new Error(`anvil did not answer on ${rpcUrl} within ${readyTimeoutMs} ms.\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return {
    rpcUrl,
    chainId: options.chainId,
    port,
    stop: () => stopProcess(child, exited),
  }
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

async function stopProcess(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}

/** Saves the chain state; pass the id to `revert` to return to it. */
export function snapshot(rpcUrl: string): Promise<string> {
  return rpc<string>(rpcUrl, 'evm_snapshot')
}

/** Returns the chain to a snapshot. A snapshot id can be used once; take a new one after. */
export async function revert(rpcUrl: string, id: string): Promise<void> {
  const reverted = await rpc<boolean>(rpcUrl, 'evm_revert', [id])
  if (!reverted) throw new Error(`evm_revert did not find snapshot ${id}.`)
}
