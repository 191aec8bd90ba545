import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// Shared with scripts/demo.sh's chains: spawns the anvil binary of @foundry-rs/anvil.
import { startAnvil } from '../../../scripts/anvil.mjs'
// Shared with scripts/demo.sh: test tokens and the real `portico-server` command.
import type { DemoBitcoinInfo } from '../scripts/bitcoin.mjs'
import type { DemoBundlerInfo } from '../scripts/bundler.mjs'
import type { DemoPolkadotInfo } from '../scripts/polkadot.mjs'
import type { DemoSolanaInfo } from '../scripts/solana.mjs'
import { DEMO_POLKADOT_CHAIN, E2E_SOCIAL_PORT, prepareServer, startServerProcess } from '../scripts/stack.mjs'
import { bitcoinInfoFile, bitcoinPort } from './bitcoin'
import {
  bundlerInfoFile,
  bundlerPort,
  e2eChains,
  e2eEmailCooldownMs,
  farcasterRelayPort,
  farcasterRelayUrl,
  mailboxHttpPort,
  mailboxSmtpPort,
  mailboxUrl,
  pidFile,
  polkadotInfoFile,
  polkadotPort,
  relayPort,
  rpcUrl,
  serverDataDir,
  serverPort,
  solanaInfoFile,
  solanaNetworkId,
  solanaPort,
} from './chains'

interface RecordedProcess {
  pid: number
  /** A piece of its command line, so a reused pid is never signalled. */
  match: string
}

/** Stops the chains and the server left behind by an earlier run that did not reach its teardown. */
export function stopRecordedProcesses(): void {
  let processes: RecordedProcess[]
  try {
    processes = JSON.parse(readFileSync(pidFile, 'utf8'))
  } catch {
    return
  }
  for (const { pid, match } of processes) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(match)) process.kill(pid, 'SIGTERM')
    } catch {}
  }
  rmSync(pidFile, { force: true })
}

export default async function globalSetup(): Promise<void> {
  stopRecordedProcesses()
  mkdirSync(fileURLToPath(new URL('.', pidFile)), { recursive: true })
  const started: RecordedProcess[] = []
  const record = (pid: number | undefined, match: string) => {
    if (pid === undefined) return
    started.push({ pid, match })
    writeFileSync(pidFile, JSON.stringify(started))
  }
  try {
    // The Polkadot chain loads its runtime (the slowest start here, 6–15 s) while everything else
    // starts, so it is started first.
    rmSync(polkadotInfoFile, { force: true })
    const polkadot = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/polkadot.mjs', import.meta.url)),
        '--port',
        String(polkadotPort),
        '--info',
        polkadotInfoFile,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], detached: false },
    )
    record(polkadot.pid, 'polkadot.mjs')
    let polkadotExit: string | undefined
    polkadot.once('exit', (code, signal) => {
      polkadotExit = String(signal ?? code)
    })
    // The Solana validator funds its accounts while the chains and the relay start.
    rmSync(solanaInfoFile, { force: true })
    const solana = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/solana.mjs', import.meta.url)),
        '--port',
        String(solanaPort),
        '--info',
        solanaInfoFile,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], detached: false },
    )
    record(solana.pid, 'solana.mjs')
    let solanaExit: string | undefined
    solana.once('exit', (code, signal) => {
      solanaExit = String(signal ?? code)
    })
    // The Bitcoin node mines past segwit and funds the dev accounts meanwhile too.
    const bitcoin = startInfoProcess('bitcoin.mjs', bitcoinPort, bitcoinInfoFile)
    record(bitcoin.pid, 'bitcoin.mjs')
    for (const { chainId, port } of e2eChains) {
      const anvil = await startAnvil({ chainId, port })
      record(anvil.pid, 'anvil')
    }
    // EntryPoint v0.8, the site's paymaster and the alto bundler on chain 31337, while the rest starts.
    rmSync(bundlerInfoFile, { force: true })
    const bundler = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/bundler.mjs', import.meta.url)),
        '--rpc',
        rpcUrl(31337),
        '--port',
        String(bundlerPort),
        '--info',
        bundlerInfoFile,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], detached: false },
    )
    record(bundler.pid, 'bundler.mjs')
    let bundlerExit: string | undefined
    bundler.once('exit', (code, signal) => {
      bundlerExit = String(signal ?? code)
    })
    // The mailbox that receives the e-mail login's codes; tests read them from its JSON.
    const mailbox = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/mailbox.mjs', import.meta.url)),
        '--smtp-port',
        String(mailboxSmtpPort),
        '--http-port',
        String(mailboxHttpPort),
      ],
      { stdio: 'ignore', detached: false },
    )
    record(mailbox.pid, 'mailbox.mjs')
    await waitForMailbox()
    // The WalletConnect relay the page and the tests' wallet meet on.
    const relay = spawn(
      process.execPath,
      [fileURLToPath(new URL('../scripts/relay.mjs', import.meta.url)), '--port', String(relayPort)],
      { stdio: 'ignore', detached: false },
    )
    record(relay.pid, 'relay.mjs')
    await waitForPort(relayPort)
    // The social logins' stand-in (Google, X, Discord, GitHub, Apple, Facebook) and its consent page.
    const social = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/stack.mjs', import.meta.url)),
        'social',
        '--port',
        String(E2E_SOCIAL_PORT),
        '--server-url',
        `http://127.0.0.1:${serverPort}`,
      ],
      { stdio: 'ignore', detached: false },
    )
    record(social.pid, 'stack.mjs')
    await waitForPort(E2E_SOCIAL_PORT)
    // The Farcaster relay the server opens sign-in channels on, and the tests' Farcaster client completes.
    const farcasterRelay = spawn(
      process.execPath,
      [
        fileURLToPath(new URL('../scripts/farcasterRelay.mjs', import.meta.url)),
        '--port',
        String(farcasterRelayPort),
      ],
      { stdio: 'ignore', detached: false },
    )
    record(farcasterRelay.pid, 'farcasterRelay.mjs')
    await waitForPort(farcasterRelayPort)
    const solanaInfo = await waitForSolanaInfo(() => solanaExit)
    const bundlerInfo = await waitForInfo<DemoBundlerInfo>(
      bundlerInfoFile,
      'the bundler (scripts/bundler.mjs)',
      () => bundlerExit,
    )
    record(bundlerInfo.altoPid, 'alto.js')
    const { configFile } = await prepareServer({
      chains: e2eChains.map(({ chainId }) => ({ chainId, rpcUrl: rpcUrl(chainId) })),
      port: serverPort,
      dataDir: serverDataDir,
      // A second allowed origin, used only by a backend-style request in the sign-in tests: a
      // session made on one origin is refused on another. 127.0.0.1:4173 stays not allowed.
      origins: ['http://localhost:4173', 'http://shop.localhost:4173'],
      pollIntervalMs: 250,
      smtpPort: mailboxSmtpPort,
      emailCooldownMs: e2eEmailCooldownMs,
      socialPort: E2E_SOCIAL_PORT,
      farcasterRelayUrl,
      solana: solanaInfo,
      bitcoin: await waitForInfo<DemoBitcoinInfo>(
        bitcoinInfoFile,
        'the Bitcoin node (scripts/bitcoin.mjs)',
        bitcoin.exited,
      ),
      bundler: bundlerInfo,
    })
    const server = await startServerProcess({ configFile, port: serverPort, stdio: 'ignore' })
    record(server.pid, 'cli.js')
    await waitForPolkadotInfo(() => polkadotExit)
  } catch (error) {
    stopRecordedProcesses()
    throw error
  }
}

async function waitForPort(port: number): Promise<void> {
  const { connect } = await import('node:net')
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`nothing listened on 127.0.0.1:${port} within 15 s`)
}

/** Waits for scripts/solana.mjs to write its details, once the accounts are funded. */
async function waitForSolanaInfo(exited: () => string | undefined): Promise<DemoSolanaInfo> {
  const deadline = Date.now() + 30_000
  while (!existsSync(solanaInfoFile)) {
    const exit = exited()
    if (exit !== undefined) throw new Error(`the Solana validator (scripts/solana.mjs) exited with ${exit}`)
    if (Date.now() > deadline) throw new Error(`the Solana validator did not get ready on port ${solanaPort}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const info = JSON.parse(readFileSync(solanaInfoFile, 'utf8')) as DemoSolanaInfo
  // The e2e build has the network id baked in; a validator with another genesis would not match it.
  if (info.networkId !== solanaNetworkId)
    throw new Error(
      `the Solana validator's network id is ${info.networkId}, the e2e build expects ${solanaNetworkId}: update solanaNetworkId in e2e/chains.ts and build:e2e`,
    )
  return info
}

/** Waits for scripts/polkadot.mjs to write its details, once the chain answers with funded accounts. */
async function waitForPolkadotInfo(exited: () => string | undefined): Promise<DemoPolkadotInfo> {
  // Loading the runtime takes 6–15 s, longer on a busy machine.
  const deadline = Date.now() + 90_000
  while (!existsSync(polkadotInfoFile)) {
    const exit = exited()
    if (exit !== undefined) throw new Error(`the Polkadot chain (scripts/polkadot.mjs) exited with ${exit}`)
    if (Date.now() > deadline) throw new Error(`the Polkadot chain did not get ready on port ${polkadotPort}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const info = JSON.parse(readFileSync(polkadotInfoFile, 'utf8')) as DemoPolkadotInfo
  // The server was told this chain's SS58 prefix by its CAIP-2 id before the chain was up.
  if (info.caip2 !== DEMO_POLKADOT_CHAIN.caip2 || info.ss58Prefix !== DEMO_POLKADOT_CHAIN.ss58Prefix)
    throw new Error(
      `the Polkadot chain is ${info.caip2} (prefix ${info.ss58Prefix}), the server was configured for ${DEMO_POLKADOT_CHAIN.caip2} (prefix ${DEMO_POLKADOT_CHAIN.ss58Prefix}): update DEMO_POLKADOT_CHAIN in scripts/stack.mjs`,
    )
  return info
}

/** Starts a chain script of ../scripts that writes its details to `infoFile` once ready. */
function startInfoProcess(script: string, port: number, infoFile: string) {
  rmSync(infoFile, { force: true })
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL(`../scripts/${script}`, import.meta.url)),
      '--port',
      String(port),
      '--info',
      infoFile,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], detached: false },
  )
  let exit: string | undefined
  child.once('exit', (code, signal) => {
    exit = String(signal ?? code)
  })
  return { pid: child.pid, exited: () => exit }
}

/** Waits up to 30 s for a chain script's details, failing early if it exits. */
async function waitForInfo<T>(infoFile: string, what: string, exited: () => string | undefined): Promise<T> {
  const deadline = Date.now() + 30_000
  while (!existsSync(infoFile)) {
    const exit = exited()
    if (exit !== undefined) throw new Error(`${what} exited with ${exit}`)
    if (Date.now() > deadline) throw new Error(`${what} did not get ready within 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return JSON.parse(readFileSync(infoFile, 'utf8')) as T
}

async function waitForMailbox(): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${mailboxUrl}/api/messages`)).ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the mailbox did not start on ${mailboxUrl}`)
}
