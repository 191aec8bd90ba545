/**
 * Re-org handling: before each round, the stored hash of the last indexed block is compared with
 * the chain's; on a mismatch the stored recent blocks are walked back to the newest one the chain
 * still has (the common ancestor), and everything above it is deleted so it is indexed again.
 */
import type { Kysely } from 'kysely'
import type { PublicClient } from 'viem'
import type { Database } from '../db/schema.js'
import type { Logger } from '../logger.js'
import { writeAsLeader } from './lease.js'
import { getBlockHeader } from './readBlocks.js'

export interface RollBackReorgParameters {
  db: Kysely<Database>
  client: PublicClient
  chainId: string
  owner: string
  /** The last indexed block. */
  cursor: bigint
  /** For the log line when a re-org is deeper than the kept hashes. */
  confirmations: number
  logger: Logger
}

/** Returns the cursor to continue from: `cursor` itself when the chain still has the stored tip. */
export async function rollBackReorg(parameters: RollBackReorgParameters): Promise<bigint> {
  const { db, client, chainId, cursor, logger } = parameters
  const stored = await db
    .selectFrom('activity_blocks')
    .select(['number', 'hash'])
    .where('chain', '=', chainId)
    .orderBy('number', 'desc')
    .execute()
  const newest = stored[0]
  if (!newest || BigInt(newest.number) !== cursor) return cursor
  const header = await getBlockHeader(client, cursor)
  if (header && header.hash.toLowerCase() === newest.hash) return cursor

  const headers = await Promise.all(stored.map((block) => getBlockHeader(client, BigInt(block.number))))
  let ancestor: bigint | undefined
  for (const [index, block] of stored.entries()) {
    if (headers[index]?.hash.toLowerCase() === block.hash) {
      ancestor = BigInt(block.number)
      break
    }
  }
  if (ancestor === undefined) {
    // Deeper than the blocks kept (older than `confirmations`): undo what is known, re-index from there.
    ancestor = BigInt(stored[stored.length - 1]?.number ?? cursor) - 1n
    logger.warn('re-org deeper than the confirmations setting; re-indexing from the oldest recent block', {
      fromBlock: (ancestor + 1n).toString(),
      confirmations: parameters.confirmations,
    })
  }
  const to = ancestor.toString()
  await writeAsLeader(db, { chainId, owner: parameters.owner, cursor }, async (trx) => {
    for (const table of ['activity_transfers', 'activity_transactions'] as const) {
      await trx.deleteFrom(table).where('chain', '=', chainId).where('block_number', '>', to).execute()
    }
    await trx.deleteFrom('activity_blocks').where('chain', '=', chainId).where('number', '>', to).execute()
    await trx.updateTable('activity_chains').set({ last_block: to }).where('chain', '=', chainId).execute()
  })
  logger.warn('re-org: orphaned blocks removed', {
    commonAncestor: to,
    removedBlocks: (cursor - ancestor).toString(),
  })
  return ancestor
}
