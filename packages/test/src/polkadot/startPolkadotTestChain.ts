import type { Blockchain } from '@acala-network/chopsticks-core'
import { compactStripLength, hexToU8a, u8aToHex } from '@polkadot/util'
import {
  POLKADOT_TEST_ACCOUNT_BALANCE,
  POLKADOT_TEST_ACCOUNTS,
  POLKADOT_TEST_SS58_PREFIX,
} from './testAccounts.js'

/** An account the chain holds funds for from its first block. */
export interface PolkadotTestChainAccount {
  /** SS58 address (any prefix) or 32-byte public key as hex. */
  address: string
  /** Free balance in planck. */
  free: bigint
}

export interface StartPolkadotTestChainOptions {
  /** The port on 127.0.0.1; 0 or omitted picks a free one. A taken port is an error, never another port. */
  port?: number
  /** Who holds what at start; default every POLKADOT_TEST_ACCOUNTS entry with 10,000 ROC. */
  accounts?: readonly PolkadotTestChainAccount[]
  /** How long the runtime may take to load and build its first block; default 90 s (10–16 s is usual). */
  readyTimeoutMs?: number
}

export interface PolkadotTestChain {
  /** `ws://127.0.0.1:<port>`: @polkadot/api's WsProvider (subscriptions need it). */
  wsUrl: string
  /** `http://127.0.0.1:<port>`: the same server, JSON-RPC over HTTP POST (no subscriptions). */
  httpUrl: string
  port: number
  /** The genesis hash the chain reports: chopsticks' placeholder `0x4545…45` for a raw genesis. */
  genesisHash: `0x${string}`
  /** CAIP-2 id: `polkadot:` + the first 32 hex digits of the genesis hash. */
  caip2: string
  ss58Prefix: 2
  decimals: 12
  symbol: 'ROC'
  /** `balances.existentialDeposit`, in planck. */
  existentialDeposit: bigint
  /**
   * Sets an account's free balance (keeping its nonce and other fields) and builds a block, so
   * balance subscriptions see the change.
   */
  setBalance(address: string, planck: bigint): Promise<void>
  /** Builds a block (pending extrinsics go in; Instant mode builds one per extrinsic anyway). Resolves with its number. */
  newBlock(): Promise<number>
  /** Stops the server and the chain; the port is free once it resolves. */
  stop(): Promise<void>
}

/** Thrown when the chain cannot start: taken port, timeout, or a runtime that does not load. */
export class PolkadotTestChainStartError extends Error {
  override name = 'PolkadotTestChainStartError' as const
}

const HOST = '127.0.0.1'
const DEFAULT_READY_TIMEOUT_MS = 90_000

// chopsticks runs every chain's runtime in one executor thread per process; it is ended with the
// last chain, so a process that started chains can exit. Kept on globalThis because a test runner
// may load this module more than once in one process while chopsticks itself is loaded once.
const LIVE_CHAINS = Symbol.for('portico.polkadotTestChain.live')
type LiveCount = { count: number }
function liveChains(): LiveCount {
  const holder = globalThis as unknown as Record<symbol, LiveCount | undefined>
  holder[LIVE_CHAINS] ??= { count: 0 }
  return holder[LIVE_CHAINS]
}

/**
 * Starts a real Substrate runtime (asset-hub-rococo, statemine spec 900, from the raw genesis in
 * `@substrate/connect-known-chains`) in this process with chopsticks, serving JSON-RPC over
 * WebSocket and HTTP on 127.0.0.1. Each submitted extrinsic is built into its own block at once
 * (`Instant` mode). Nothing is fetched from a network.
 *
 * Start-up (loading chopsticks and the runtime, building the first block) takes 6–12 s on an idle
 * 2-core machine and 15 s under load, and the process grows by ~350 MB (RSS ~400 MB for a
 * process that runs only the chain): share one chain per test file.
 * @example
 * const chain = await startPolkadotTestChain()
 * const api = await ApiPromise.create({ provider: new WsProvider(chain.wsUrl) })
 * afterAll(() => chain.stop())
 */
export async function startPolkadotTestChain(
  options: StartPolkadotTestChainOptions = {},
): Promise<PolkadotTestChain> {
  const port = options.port ?? 0
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new RangeError(`The Polkadot test chain needs a TCP port (0 for any free one), not ${port}.`)
  const timeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS
  const accounts =
    options.accounts ??
    POLKADOT_TEST_ACCOUNTS.map(({ address }) => ({
      address,
      free: POLKADOT_TEST_ACCOUNT_BALANCE,
    }))
  for (const { free } of accounts)
    if (free < 0n) throw new RangeError(`A balance cannot be negative (${free}).`)

  // chopsticks logs every block at info level through a pretty-printer; it reads the level once,
  // when it is first loaded, so the default is set before that unless the caller chose one.
  process.env.LOG_LEVEL ??= 'error'
  const [core, { createServer }, { chainSpec }] = await Promise.all([
    import('@acala-network/chopsticks-core'),
    import('@acala-network/chopsticks/server'),
    import('@substrate/connect-known-chains/rococo_v2_2_asset_hub'),
  ])
  const spec = JSON.parse(chainSpec) as { properties?: Record<string, unknown> }
  checkProperties(spec.properties)

  const live = liveChains()
  live.count += 1
  let released = false
  const release = async () => {
    if (released) return
    released = true
    live.count -= 1
    if (live.count === 0) await core.destroyWorker()
  }

  let chain: Blockchain | undefined
  let server: { close(): Promise<void> } | undefined
  const start = async () => {
    // Listening first, so a taken port fails in milliseconds rather than after the runtime loads;
    // requests that arrive meanwhile wait for the chain.
    let ready!: (context: { chain: Blockchain }) => void
    const contextReady = new Promise<{ chain: Blockchain }>((resolve) => {
      ready = resolve
    })
    const handle = async (
      { method, params }: { method: string; params: unknown[] },
      subscriptions: unknown,
    ): Promise<unknown> => {
      const handler = Object.hasOwn(core.allHandlers, method)
        ? (core.allHandlers as Record<string, (...args: unknown[]) => unknown>)[method]
        : undefined
      if (!handler) throw new core.ResponseError(-32601, `Method not found: ${method}`)
      return handler(await contextReady, params, subscriptions)
    }
    const listening = await createServer(handle as Parameters<typeof createServer>[0], port, HOST)
    server = listening
    // chopsticks moves on to the next ports when the one asked for is taken; a test chain must not.
    if (port !== 0 && listening.port !== port)
      throw new PolkadotTestChainStartError(
        `Port ${port} on ${HOST} is already in use; the Polkadot test chain did not start.`,
      )
    chain = await core.setup({
      genesis: new core.GenesisProvider(spec as ConstructorParameters<typeof core.GenesisProvider>[0]),
      buildBlockMode: core.BuildBlockMode.Instant,
    })
    if (accounts.length > 0)
      await core.setStorage(chain, {
        System: {
          Account: accounts.map(({ address, free }) => [
            [address],
            { providers: 1, data: { free: free.toString() } },
          ]),
        },
      })
    ready({ chain })
    const genesis = await chain.getBlockAt(0)
    if (!genesis) throw new PolkadotTestChainStartError('The Polkadot test chain has no genesis block.')
    const meta = await chain.head.meta
    const existentialDeposit = meta.consts.balances?.existentialDeposit
    if (!existentialDeposit) throw new PolkadotTestChainStartError('The runtime has no balances pallet.')
    // The prefix is the runtime's (System.SS58Prefix); the chain spec does not state it.
    const ss58Prefix = meta.consts.system?.ss58Prefix?.toString()
    if (ss58Prefix !== String(POLKADOT_TEST_SS58_PREFIX))
      throw new PolkadotTestChainStartError(
        `The runtime's SS58 prefix is ${ss58Prefix}, not ${POLKADOT_TEST_SS58_PREFIX}.`,
      )
    return {
      chain,
      port: listening.port,
      genesisHash: genesis.hash as `0x${string}`,
      existentialDeposit: BigInt(existentialDeposit.toString()),
    }
  }
  const cleanUp = async () => {
    await server?.close()
    await chain?.close()
    await release()
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  let settled = false
  const starting = start().finally(() => {
    settled = true
  })
  let started: Awaited<ReturnType<typeof start>>
  try {
    started = await Promise.race([
      starting,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new PolkadotTestChainStartError(
                `The Polkadot test chain was not ready within ${timeoutMs} ms (loading the runtime usually takes 10–16 s; is the machine busy?).`,
              ),
            ),
          timeoutMs,
        )
      }),
    ])
  } catch (error) {
    // A start that failed is undone now; one still running after the timeout is undone when it
    // ends, so nothing keeps listening either way.
    if (settled) await cleanUp().catch(() => undefined)
    else starting.then(cleanUp, cleanUp).catch(() => undefined)
    throw error instanceof PolkadotTestChainStartError
      ? error
      : new PolkadotTestChainStartError(
          `The Polkadot test chain did not start: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        )
  } finally {
    clearTimeout(timer)
  }

  const { chain: blockchain, port: actualPort, genesisHash, existentialDeposit } = started

  let stopping: Promise<void> | undefined
  return {
    wsUrl: `ws://${HOST}:${actualPort}`,
    httpUrl: `http://${HOST}:${actualPort}`,
    port: actualPort,
    genesisHash,
    caip2: `polkadot:${genesisHash.slice(2, 34)}`,
    ss58Prefix: POLKADOT_TEST_SS58_PREFIX,
    decimals: 12,
    symbol: 'ROC',
    existentialDeposit,
    async setBalance(address, planck) {
      if (planck < 0n) throw new RangeError(`A balance cannot be negative (${planck}).`)
      const head = blockchain.head
      const headMeta = await head.meta
      const entry = headMeta.query.system?.account
      if (!entry) throw new Error('The runtime has no System.Account storage.')
      // A decorated entry answers its key SCALE-encoded, with a length prefix.
      const [, key] = compactStripLength(entry(address))
      const current = await head.get(u8aToHex(key))
      const info = headMeta.registry
        .createType('FrameSystemAccountInfo', current ? hexToU8a(current) : undefined)
        .toJSON() as { providers: number; data: Record<string, unknown> }
      await core.setStorage(blockchain, {
        System: {
          Account: [
            [
              [address],
              {
                ...info,
                // An account needs a provider to exist; a new one gets the balance's.
                providers: Math.max(info.providers, 1),
                data: { ...info.data, free: planck.toString() },
              },
            ],
          ],
        },
      })
      await blockchain.newBlock()
    },
    async newBlock() {
      const block = await blockchain.newBlock()
      return block.number
    },
    stop() {
      stopping ??= cleanUp()
      return stopping
    },
  }
}

function checkProperties(properties: Record<string, unknown> | undefined): void {
  // The shipped chain spec is pinned; this fails loudly if a newer one changed what the types promise.
  const { tokenDecimals, tokenSymbol } = properties ?? {}
  if (tokenDecimals !== 12 || tokenSymbol !== 'ROC')
    throw new PolkadotTestChainStartError(
      `The chain spec's token changed (tokenDecimals ${String(tokenDecimals)}, tokenSymbol ${String(tokenSymbol)}); expected 12, ROC.`,
    )
}
