/**
 * One writer per chain: a row in `activity_chains` names the indexer instance that may write for
 * the chain until `lease_expires_at`. Plain row updates (compared against the database's clock), so
 * it works the same on PGlite and on a PostgreSQL shared by several servers.
 */
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.js'
import { LeaseLostError } from './errors.js'

/** `now() + ms` on the database's clock, so servers with skewed clocks agree on expiry. */
export function leaseExpiry(ms: number) {
  return sql<Date>`now() + ${ms}::integer * interval '1 millisecond'`
}

export interface AcquireLeaseParameters {
  chainId: string
  /** The indexer instance asking. */
  owner: string
  leaseMs: number
  /** The first block to index, asked only when the chain has no row yet. */
  startBlock: () => Promise<bigint>
}

/**
 * Takes or renews `owner`'s lease on the chain (creating the chain's row on first start) and
 * returns the stored cursor, or null while another instance holds an unexpired lease.
 */
export async function acquireLease(
  db: Kysely<Database>,
  parameters: AcquireLeaseParameters,
): Promise<bigint | null> {
  const { chainId, owner, leaseMs } = parameters
  const existing = await db
    .selectFrom('activity_chains')
    .select('chain')
    .where('chain', '=', chainId)
    .executeTakeFirst()
  if (!existing) {
    const start = await parameters.startBlock()
    await db
      .insertInto('activity_chains')
      .values({
        chain: chainId,
        last_block: (start - 1n).toString(),
        lease_owner: null,
        lease_expires_at: null,
      })
      .onConflict((conflict) => conflict.column('chain').doNothing())
      .execute()
  }
  const row = await db
    .updateTable('activity_chains')
    .set({ lease_owner: owner, lease_expires_at: leaseExpiry(leaseMs) })
    .where('chain', '=', chainId)
    .where((eb) =>
      eb.or([
        eb('lease_owner', '=', owner),
        eb('lease_owner', 'is', null),
        eb('lease_expires_at', '<', sql<Date>`now()`),
      ]),
    )
    .returning('last_block')
    .executeTakeFirst()
  return row ? BigInt(row.last_block) : null
}

/**
 * Runs `work` in a transaction that first locks the chain's row and checks `owner` still holds the
 * lease with the cursor at `cursor`; throws `LeaseLostError` (writing nothing) otherwise.
 */
export async function writeAsLeader(
  db: Kysely<Database>,
  parameters: { chainId: string; owner: string; cursor: bigint },
  work: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('activity_chains')
      .select(['last_block', 'lease_owner'])
      .where('chain', '=', parameters.chainId)
      .forUpdate()
      .executeTakeFirst()
    if (!row || row.lease_owner !== parameters.owner || BigInt(row.last_block) !== parameters.cursor) {
      throw new LeaseLostError(parameters.chainId)
    }
    await work(trx)
  })
}

/** Hands back `owner`'s leases on the chains, so another instance can take over at once. */
export async function releaseLeases(
  db: Kysely<Database>,
  owner: string,
  chainIds: readonly string[],
): Promise<void> {
  if (chainIds.length === 0) return
  await db
    .updateTable('activity_chains')
    .set({ lease_owner: null, lease_expires_at: null })
    .where('chain', 'in', [...chainIds])
    .where('lease_owner', '=', owner)
    .execute()
}
