import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { connect, createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { spawnUntilReady } from './spawnUntilReady.js'

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
  const rpcUrl = `http://127.0.0.1:${port}`
  const anvil = await spawnUntilReady({
    name: 'anvil',
    command: resolveAnvilBinary(),
    args: [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(options.chainId),
      ...(options.args ?? []),
    ],
    url: rpcUrl,
    // Probe the socket first: a refused fetch is logged loudly by some test environments.
    isReady: async () =>
      (await isListening(port)) && Number(await rpc<string>(rpcUrl, 'eth_chainId')) === options.chainId,
    readyTimeoutMs: options.readyTimeoutMs ?? 15_000,
    pollMs: 50,
  })
  return { rpcUrl, chainId: options.chainId, port, stop: anvil.stop }
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

/** Saves the chain state; pass the id to `revert` to return to it. */
export function snapshot(rpcUrl: string): Promise<string> {
  return rpc<string>(rpcUrl, 'evm_snapshot')
}

/** Returns the chain to a snapshot. A snapshot id can be used once; take a new one after. */
export async function revert(rpcUrl: string, id: string): Promise<void> {
  const reverted = await rpc<boolean>(rpcUrl, 'evm_revert', [id])
  if (!reverted) throw new Error(`evm_revert did not find snapshot ${id}.`)
}
