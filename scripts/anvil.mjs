// Local EVM chains for the demo and the end-to-end tests: the anvil binary that the
// @foundry-rs/anvil npm package installs (a dependency of @portico/test), spawned directly.
//
//   node scripts/anvil.mjs path                       print the binary's path
//   node scripts/anvil.mjs wait <url> <chainId>       wait until that node answers eth_chainId
//   import { startAnvil } from '../../scripts/anvil.mjs'

import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))

/** Absolute path of the anvil executable for this platform. */
export function anvilBinary() {
  const platforms = { linux: 'linux', darwin: 'darwin', win32: 'win32' }
  const arches = { x64: 'amd64', arm64: 'arm64' }
  const platform = platforms[process.platform]
  const arch = arches[process.arch]
  if (!platform || !arch) throw new Error(`anvil has no binary for ${process.platform}/${process.arch}`)
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  // @foundry-rs/anvil is a dependency of packages/test; its binary lives in an optional
  // per-platform package next to it.
  const fromTest = createRequire(`${repoRoot}packages/test/package.json`)
  let wrapper
  try {
    wrapper = fromTest.resolve('@foundry-rs/anvil/package.json')
  } catch {
    throw new Error('@foundry-rs/anvil is not installed: run `pnpm install` (or `bash scripts/setup.sh`)')
  }
  const fromWrapper = createRequire(wrapper)
  const candidates = []
  try {
    candidates.push(fromWrapper.resolve(`@foundry-rs/anvil-${platform}-${arch}/bin/${exe}`))
  } catch {}
  candidates.push(fileURLToPath(new URL(`../dist/${exe}`, `file://${wrapper}`)))
  const found = candidates.find((path) => existsSync(path))
  if (!found) {
    throw new Error(
      `anvil binary not found (looked at ${candidates.join(', ')}); reinstall with pnpm install`,
    )
  }
  return found
}

/** True when something already listens on host:port. */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Polls eth_chainId until the node answers with `chainId`. */
export async function waitForChain(url, chainId, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  let lastError = 'no answer'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      const { result } = await response.json()
      if (Number(result) === chainId) return
      lastError = `eth_chainId returned ${result}, expected ${chainId}`
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`anvil at ${url} did not start within ${timeoutMs} ms: ${lastError}`)
}

/**
 * Starts anvil with `chainId` on 127.0.0.1:`port` and resolves once it answers eth_chainId.
 * Fails at once, with a message saying so, when the port is already taken.
 */
export async function startAnvil({ chainId, port, host = '127.0.0.1', args = [] }) {
  if (await portInUse(port, host)) {
    throw new Error(
      `port ${port} is already in use: cannot start anvil (chain ${chainId}) on ${host}:${port}`,
    )
  }
  const child = spawn(
    anvilBinary(),
    ['--chain-id', String(chainId), '--port', String(port), '--host', host, '--silent', ...args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  const exited = new Promise((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(
        new Error(`anvil (chain ${chainId}, port ${port}) exited with ${signal ?? code}: ${stderr.trim()}`),
      ),
    ),
  )
  const url = `http://${host}:${port}`
  try {
    await Promise.race([waitForChain(url, chainId), exited])
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  exited.catch(() => {}) // a later exit is the caller's business (stop() below)
  return {
    chainId,
    port,
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [command, url, chainId] = process.argv.slice(2)
  try {
    if (command === 'path') {
      console.log(anvilBinary())
    } else if (command === 'wait' && url && chainId) {
      await waitForChain(url, Number(chainId))
    } else {
      console.error('usage: node scripts/anvil.mjs path | wait <url> <chainId>')
      process.exit(2)
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
