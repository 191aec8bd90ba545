/**
 * The activity indexer: follows each EVM chain with `indexer.enabled` over its JSON-RPC endpoint
 * and stores the transactions and transfers the history reads. One writer per chain at a time
 * (a lease row in `activity_chains`), re-orgs rolled back before every round, and every write of a
 * round in one transaction, so a crash or a lost lease leaves the stored range whole.
 */
import { randomUUID } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import type { Logger } from '../logger.js'
import { LeaseLostError } from './errors.js'
import { acquireLease, leaseExpiry, releaseLeases, writeAsLeader } from './lease.js'
import { extractActivity, fetchRange, type ReceiptMode } from './readBlocks.js'
import { rollBackReorg } from './rollBackReorg.js'
import { readTokenMetadata } from './tokenMetadata.js'

/** SPEC §9: HTTP default timeout 10000 ms. */
const RPC_TIMEOUT_MS = 10_000
/** Longest pause between attempts while a chain's node keeps failing. */
const MAX_BACKOFF_MS = 60_000
/** Rows per INSERT, well under PostgreSQL's 65535 bound parameters. */
const INSERT_CHUNK = 500

export interface CreateIndexerParameters {
  db: Kysely<Database>
  chains: ChainConfig[]
  logger: Logger
}

export interface Indexer {
  /** Follows every enabled chain in the background, polling every `pollIntervalMs`. */
  start(): void
  /** Stops polling, waits for the round in progress and hands the chains' leases back. */
  stop(): Promise<void>
  /** Indexes every enabled chain up to its current head, then returns (throws what failed). */
  syncOnce(): Promise<void>
  /** The head block each chain's node reported last (metrics: the lag behind it). */
  heads(): ReadonlyMap<string, bigint>
}
export type CreateIndexerReturnType = Indexer

type RoundResult = 'more' | 'caught-up' | 'not-leader'

interface ChainState {
  chain: ChainConfig
  id: string
  client: PublicClient
  logger: Logger
  receiptMode: ReceiptMode
  chainIdChecked: boolean
  /** Rounds of this chain run one after another, whether started by the loop or by syncOnce. */
  queue: Promise<unknown>
  timer: ReturnType<typeof setTimeout> | undefined
  failures: number
  waitingForLease: boolean
  /** The background loop's current pass, awaited by stop(). */
  ticking: Promise<void> | undefined
  /** The node's head at the last round, if one asked. */
  head: bigint | undefined
}

/** How long a lease lasts without renewal: long enough for a slow round, short enough to take over. */
function leaseMs(chain: ChainConfig): number {
  return Math.max(30_000, chain.indexer.pollIntervalMs * 10)
}

async function insertChunks<T extends keyof Database>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(index, index + INSERT_CHUNK) as never)
      // Re-indexing a range (after a crash between fetch and commit, or by a second process) is a no-op.
      .onConflict((conflict) => conflict.doNothing())
      .execute()
  }
}

/**
 * Creates the indexer for the chains of the config; nothing runs until `start()` or `syncOnce()`.
 * @example
 * const indexer = createIndexer({ db, chains: config.chains, logger })
 * indexer.start()
 * // on shutdown
 * await indexer.stop()
 */
export function createIndexer(parameters: CreateIndexerParameters): CreateIndexerReturnType {
  const { db, logger } = parameters
  /** Who holds a lease; unique per indexer instance, so two instances in one process are two writers. */
  const owner = randomUUID()
  let running = false
  /** Set by stop(): rounds in progress finish, no new one starts. */
  let stopping = false

  const states: ChainState[] = []
  for (const chain of parameters.chains) {
    if (!chain.indexer.enabled) continue
    if (!chain.caipNetworkId.startsWith('eip155:')) {
      logger.info('activity is indexed for EVM chains only; skipping', { chainId: chain.caipNetworkId })
      continue
    }
    states.push({
      chain,
      id: chain.caipNetworkId,
      client: createPublicClient({
        transport: http(chain.rpcUrl, { batch: true, timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
      }) as PublicClient,
      logger: logger.child({ chainId: chain.caipNetworkId }),
      receiptMode: 'block',
      chainIdChecked: false,
      queue: Promise.resolve(),
      timer: undefined,
      failures: 0,
      waitingForLease: false,
      ticking: undefined,
      head: undefined,
    })
  }

  /** One round: lease, re-org check, then at most `batchBlocks` blocks fetched and written at once. */
  async function runRound(state: ChainState): Promise<RoundResult> {
    if (!state.chainIdChecked) {
      const expected = state.id.slice('eip155:'.length)
      const actual = await state.client.getChainId()
      if (String(actual) !== expected) {
        throw new Error(`The RPC node of ${state.id} serves chain ${actual}; check the chain's rpcUrl.`)
      }
      state.chainIdChecked = true
    }
    const leased = await acquireLease(db, {
      chainId: state.id,
      owner,
      leaseMs: leaseMs(state.chain),
      // First start: from `startBlock`, else from the current head.
      startBlock: async () =>
        state.chain.indexer.startBlock !== undefined
          ? BigInt(state.chain.indexer.startBlock)
          : await state.client.getBlockNumber({ cacheTime: 0 }),
    })
    if (leased === null) {
      if (!state.waitingForLease) state.logger.info('another indexer holds this chain; waiting for its lease')
      state.waitingForLease = true
      return 'not-leader'
    }
    if (state.waitingForLease) state.logger.info('took over indexing this chain')
    state.waitingForLease = false

    const cursor = await rollBackReorg({
      db,
      client: state.client,
      chainId: state.id,
      owner,
      cursor: leased,
      confirmations: state.chain.indexer.confirmations,
      logger: state.logger,
    })
    if (cursor !== leased) return 'more'
    const head = await state.client.getBlockNumber({ cacheTime: 0 })
    state.head = head
    const from = cursor + 1n
    const to =
      head < cursor + BigInt(state.chain.indexer.batchBlocks)
        ? head
        : cursor + BigInt(state.chain.indexer.batchBlocks)
    if (from > to) return 'caught-up'

    const range = await fetchRange(state.client, from, to, state.receiptMode)
    if (range.receiptMode !== state.receiptMode) {
      state.logger.info('the node has no eth_getBlockReceipts; reading receipts per transaction')
      state.receiptMode = range.receiptMode
    }
    // The range must continue the stored chain and be one chain itself: if a block changed between the
    // re-org check and these reads, nothing is written and the next round's check sorts it out.
    const tip = await db
      .selectFrom('activity_blocks')
      .select('hash')
      .where('chain', '=', state.id)
      .where('number', '=', cursor.toString())
      .executeTakeFirst()
    for (let index = 0; index < range.blocks.length; index++) {
      const block = range.blocks[index]
      const parentHash = index === 0 ? tip?.hash : range.blocks[index - 1]?.hash.toLowerCase()
      if (block && parentHash && block.parentHash.toLowerCase() !== parentHash) {
        state.logger.warn('the chain changed while a range was read; reading it again', {
          block: BigInt(block.number).toString(),
        })
        return 'more'
      }
    }

    const activity = extractActivity(state.id, range)
    const knownTokens = activity.tokens.size
      ? await db
          .selectFrom('activity_tokens')
          .select('address')
          .where('chain', '=', state.id)
          .where('address', 'in', [...activity.tokens])
          .execute()
      : []
    const known = new Set(knownTokens.map((row) => row.address))
    const newTokens = [...activity.tokens].filter((address) => !known.has(address))
    const tokenRows = newTokens.length ? await readTokenMetadata(state.client, state.id, newTokens) : []

    // Hashes are kept for the blocks within `confirmations` of the head (and always the last one), so
    // a re-org can be walked back that far; older blocks are final.
    const keepFrom =
      head - BigInt(state.chain.indexer.confirmations) < to
        ? head - BigInt(state.chain.indexer.confirmations)
        : to
    await writeAsLeader(db, { chainId: state.id, owner, cursor }, async (trx) => {
      await insertChunks(
        trx,
        'activity_blocks',
        range.blocks
          .filter((block) => BigInt(block.number) >= keepFrom)
          .map((block) => ({
            chain: state.id,
            number: BigInt(block.number).toString(),
            hash: block.hash.toLowerCase(),
            parent_hash: block.parentHash.toLowerCase(),
          })),
      )
      await insertChunks(trx, 'activity_tokens', tokenRows)
      await insertChunks(trx, 'activity_transactions', activity.transactions)
      await insertChunks(trx, 'activity_transfers', activity.transfers)
      await trx
        .updateTable('activity_chains')
        .set({ last_block: to.toString(), lease_expires_at: leaseExpiry(leaseMs(state.chain)) })
        .where('chain', '=', state.id)
        .execute()
      await trx
        .deleteFrom('activity_blocks')
        .where('chain', '=', state.id)
        .where('number', '<', keepFrom.toString())
        .execute()
    })
    state.logger.debug('indexed blocks', {
      from: from.toString(),
      to: to.toString(),
      transactions: activity.transactions.length,
      transfers: activity.transfers.length,
    })
    return to >= head ? 'caught-up' : 'more'
  }

  function exclusive<T>(state: ChainState, work: () => Promise<T>): Promise<T> {
    const run = state.queue.then(work, work)
    state.queue = run.catch(() => undefined)
    return run
  }

  async function syncChain(state: ChainState): Promise<RoundResult> {
    for (;;) {
      if (stopping) return 'caught-up'
      const result = await exclusive(state, () => runRound(state))
      if (result !== 'more') return result
    }
  }

  function schedule(state: ChainState, delayMs: number): void {
    if (!running) return
    state.timer = setTimeout(() => {
      state.timer = undefined
      state.ticking = tick(state)
    }, delayMs)
  }

  async function tick(state: ChainState): Promise<void> {
    const { pollIntervalMs } = state.chain.indexer
    try {
      await syncChain(state)
      if (state.failures > 0) state.logger.info('the chain answers again; indexing resumed')
      state.failures = 0
      schedule(state, pollIntervalMs)
    } catch (error) {
      state.failures += 1
      // A failing node or database is retried with growing pauses; it never ends the process.
      const delay = Math.min(pollIntervalMs * 2 ** state.failures, MAX_BACKOFF_MS)
      if (error instanceof LeaseLostError) state.logger.warn(error.message)
      else
        state.logger.error('indexing round failed; retrying', {
          err: error,
          attempt: state.failures,
          retryInMs: delay,
        })
      schedule(state, delay)
    }
  }

  return {
    start() {
      if (running) return
      running = true
      stopping = false
      for (const state of states) schedule(state, 0)
    },
    async stop() {
      running = false
      stopping = true
      for (const state of states) {
        if (state.timer) clearTimeout(state.timer)
        state.timer = undefined
      }
      await Promise.all(states.map((state) => state.ticking))
      await Promise.all(states.map((state) => state.queue))
      try {
        await releaseLeases(
          db,
          owner,
          states.map((state) => state.id),
        )
      } catch (error) {
        // The leases then simply expire.
        logger.warn('could not hand back the indexer leases', { err: error })
      }
    },
    heads() {
      const heads = new Map<string, bigint>()
      for (const state of states) if (state.head !== undefined) heads.set(state.id, state.head)
      return heads
    },
    async syncOnce() {
      stopping = false
      const results = await Promise.allSettled(states.map((state) => syncChain(state)))
      const failed = results.find((result) => result.status === 'rejected')
      if (failed) throw failed.reason
    },
  }
}
