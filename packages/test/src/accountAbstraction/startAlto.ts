import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Hex, numberToHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getFreePort, rpc } from '../anvil.js'
import { spawnUntilReady } from '../spawnUntilReady.js'
import { deployAccountAbstraction, ENTRY_POINT_08_ADDRESS } from './deployAccountAbstraction.js'

export interface StartAltoOptions {
  /** The chain's node (anvil: its executor and utility accounts are funded with `anvil_setBalance`). */
  rpcUrl: string
  /** A free port is picked when omitted (the demo uses 4337, the e2e stack 18437). */
  port?: number
  /** How long to wait for the bundler to answer. Defaults to 60 s (it starts in ~3 s on a quiet machine). */
  readyTimeoutMs?: number
  /** The executor's key; a fresh one when omitted, so two bundlers never share a nonce. */
  executorPrivateKey?: Hex
  /** The key alto deploys its simulation contract with; a fresh one when omitted. */
  utilityPrivateKey?: Hex
  /** Extra command-line flags for alto, e.g. `['--log-level', 'debug']`. */
  args?: readonly string[]
}

export interface AltoInstance {
  /** The bundler's JSON-RPC endpoint (`eth_sendUserOperation`, `eth_estimateUserOperationGas`, …). */
  rpcUrl: string
  port: number
  /** The bundler's process id (for a supervisor that must stop it if its parent dies). */
  pid: number | undefined
  /** Stops the bundler and waits for its process to exit. */
  stop(): Promise<void>
}

/** What each of alto's accounts gets on the local chain: plenty for any test. */
const ALTO_ACCOUNT_BALANCE = 1000n * 10n ** 18n

/** Finds alto's command-line entry (an ES module run with this Node). */
export function resolveAltoEntry(): string {
  const require = createRequire(import.meta.url)
  // The package exports only its library entry (esm/index.js); the CLI sits next to it.
  return join(dirname(require.resolve('@pimlico/alto')), 'cli', 'alto.js')
}

/**
 * Starts `@pimlico/alto` (an ERC-4337 bundler) against a local chain and resolves once it answers
 * `eth_supportedEntryPoints`. It deploys EntryPoint v0.8 first when missing (alto knows v0.8 only at
 * its canonical address), funds fresh executor and utility keys on anvil, and runs with
 * `--safe-mode false` (anvil has no `debug_traceCall` tracer the safe mode needs).
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const alto = await startAlto({ rpcUrl: anvil.rpcUrl })
 * const bundler = createBundlerClient({ client, transport: http(alto.rpcUrl) })
 * afterAll(async () => { await alto.stop(); await anvil.stop() })
 */
export async function startAlto(options: StartAltoOptions): Promise<AltoInstance> {
  const port = options.port ?? (await getFreePort())
  const rpcUrl = `http://127.0.0.1:${port}`
  const executorKey = options.executorPrivateKey ?? generatePrivateKey()
  const utilityKey = options.utilityPrivateKey ?? generatePrivateKey()

  await deployAccountAbstraction({ rpcUrl: options.rpcUrl })
  for (const key of [executorKey, utilityKey]) {
    await rpc(options.rpcUrl, 'anvil_setBalance', [
      privateKeyToAccount(key).address,
      numberToHex(ALTO_ACCOUNT_BALANCE),
    ])
  }

  const alto = await spawnUntilReady({
    name: 'alto',
    command: process.execPath,
    args: [
      resolveAltoEntry(),
      '--entrypoints',
      ENTRY_POINT_08_ADDRESS,
      '--rpc-url',
      options.rpcUrl,
      '--port',
      String(port),
      '--executor-private-keys',
      executorKey,
      '--utility-private-key',
      utilityKey,
      '--safe-mode',
      'false',
      // anvil mines on each transaction: no need to wait a second between checks.
      '--block-time',
      '100',
      '--min-bundle-interval',
      '50',
      '--max-bundle-interval',
      '200',
      // The utility key would top up executors from its balance every 15 s: nothing to top up here.
      '--utility-wallet-monitor',
      'false',
      '--refilling-wallets',
      'false',
      '--log-level',
      'warn',
      ...(options.args ?? []),
    ],
    url: rpcUrl,
    isReady: async () =>
      (await rpc<string[]>(rpcUrl, 'eth_supportedEntryPoints')).some(
        (address) => address.toLowerCase() === ENTRY_POINT_08_ADDRESS.toLowerCase(),
      ),
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
    pollMs: 100,
    keepStdout: true,
  })
  return { rpcUrl, port, pid: alto.pid, stop: alto.stop }
}
