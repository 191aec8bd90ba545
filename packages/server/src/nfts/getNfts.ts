/**
 * The NFTs an account holds on one EVM chain: its ERC-721 and ERC-1155 balances summed from the
 * indexed transfers, checked against the chain for the page shown (`ownerOf`, `balanceOf`: the
 * chain is the truth where the indexer is behind, or a contract misreports its events), with the
 * metadata the server fetched and a spam flag.
 */
import type { Nft, NftsResponse } from '@portico/core/api'
import { type Kysely, sql } from 'kysely'
import { type Address, createPublicClient, getAddress, http, type PublicClient, parseAbi } from 'viem'
import * as z from 'zod'
import type { InvalidCursorError } from '../activity/errors.js'
import { keysetPage } from '../activity/keysetPage.js'
import type { ChainConfig, ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { getNftMetadata, type NftStandard } from './nftMetadata.js'

const ownershipAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
])

/** SPEC §9: upstream calls give up after 10 s. */
const RPC_TIMEOUT_MS = 10_000

const clients = new WeakMap<ChainConfig, PublicClient>()
/** One batching client per chain config, for the reads of a page (they go out as one JSON-RPC batch). */
export function nftClient(chain: ChainConfig): PublicClient {
  let client = clients.get(chain)
  if (!client) {
    client = createPublicClient({
      transport: http(chain.rpcUrl, { batch: true, timeout: RPC_TIMEOUT_MS, retryCount: 0 }),
    }) as PublicClient
    clients.set(chain, client)
  }
  return client
}

export interface GetNftsParameters {
  db: Kysely<Database>
  chain: ChainConfig
  config: ServerConfig['nfts']
  address: `0x${string}`
  cursor?: string
  now?: () => number
}
export type GetNftsReturnType = NftsResponse
export type GetNftsErrorType = InvalidCursorError

const cursors = keysetPage(
  'nfts',
  { token: z.string().regex(/^0x[0-9a-f]{40}$/), id: z.string().regex(/^\d{1,78}$/) },
  300,
)

interface HoldingRow {
  token: string
  token_id: string
  kind: NftStandard
  balance: string
}

/**
 * One page of the account's NFTs, ordered by collection then id. `next` is an opaque cursor (null
 * on the last page). Throws `InvalidCursorError` for a cursor it did not make.
 * @example
 * const { data, next } = await getNfts({ db, chain, config: config.nfts, address })
 */
export async function getNfts(parameters: GetNftsParameters): Promise<GetNftsReturnType> {
  const { db, chain, config } = parameters
  const now = parameters.now ?? Date.now
  const chainId = chain.caipNetworkId
  const account = parameters.address.toLowerCase()
  const scope = cursors.scopeOf(chainId, account)
  const after = parameters.cursor === undefined ? undefined : cursors.decode(parameters.cursor, scope)
  // Ids compare as numbers: shorter first, then by text (they carry no leading zeros).
  const position = after
    ? sql`where (token, length(token_id), token_id) > (${after.token}, ${after.id.length}, ${after.id})`
    : sql``
  const limit = config.pageSize
  const { rows } = await sql<HoldingRow>`
    with moves as (
      select token, token_id, kind, amount from activity_transfers
      where chain = ${chainId} and to_address = ${account} and kind in ('erc721', 'erc1155')
      union all
      select token, token_id, kind, -amount from activity_transfers
      where chain = ${chainId} and from_address = ${account} and kind in ('erc721', 'erc1155')
    ),
    held as (
      select token, token_id, kind, sum(amount)::text as balance from moves
      group by token, token_id, kind having sum(amount) > 0
    )
    select token, token_id, kind, balance from held ${position}
    order by token, length(token_id), token_id
    limit ${limit + 1}
  `.execute(db)
  const { rows: page, next } = cursors.page(rows, limit, scope, (row) => ({
    token: row.token,
    id: row.token_id,
  }))
  if (page.length === 0) return { data: [], next }

  const client = nftClient(chain)
  const [onChain, metadata, collections, airdrops] = await Promise.all([
    readBalances(client, account as Address, page),
    getNftMetadata({
      db,
      client,
      config,
      chainId,
      tokens: page.map((row) => ({ contract: row.token, tokenId: row.token_id, standard: row.kind })),
      now,
    }),
    db
      .selectFrom('activity_tokens')
      .select(['address', 'name'])
      .where('chain', '=', chainId)
      .where('address', 'in', [...new Set(page.map((row) => row.token))])
      .execute(),
    airdroppedBySpamSenders(db, chainId, account, config.spamSenders, page),
  ])
  const collectionNames = new Map(collections.map((row) => [row.address, row.name]))
  const spamTokens = new Set(chain.spamTokens.map((token) => token.toLowerCase()))

  const data: Nft[] = []
  page.forEach((row, index) => {
    const balance = onChain[index] ?? BigInt(row.balance)
    if (balance <= 0n) return
    const key = `${row.token}/${row.token_id}`
    const meta = metadata.get(key)
    const collection = collectionNames.get(row.token)
    data.push({
      chainId,
      contract: getAddress(row.token),
      tokenId: row.token_id,
      standard: row.kind,
      amount: balance.toString(),
      ...(meta?.name ? { name: meta.name } : {}),
      ...(collection ? { collection } : {}),
      ...(meta?.description ? { description: meta.description } : {}),
      ...(meta?.image ? { imageUrl: meta.image } : {}),
      isSpam: spamTokens.has(row.token) || meta?.status === 'failed' || airdrops.has(key),
    })
  })
  return { data, next }
}

/**
 * What the chain says the account holds of each token of the page; undefined where the contract
 * does not answer (the indexed balance stands then). ERC-721 holds 1 or 0.
 */
async function readBalances(
  client: PublicClient,
  account: Address,
  page: readonly HoldingRow[],
): Promise<(bigint | undefined)[]> {
  const settled = await Promise.allSettled(
    page.map(async (row) => {
      const address = row.token as Address
      const id = BigInt(row.token_id)
      if (row.kind === 'erc721') {
        const owner = await client.readContract({
          address,
          abi: ownershipAbi,
          functionName: 'ownerOf',
          args: [id],
        })
        return owner.toLowerCase() === account.toLowerCase() ? 1n : 0n
      }
      return client.readContract({
        address,
        abi: ownershipAbi,
        functionName: 'balanceOf',
        args: [account, id],
      })
    }),
  )
  return settled.map((result) => (result.status === 'fulfilled' ? result.value : undefined))
}

/** Tokens of the page the account received in a transaction sent by a configured spam sender. */
async function airdroppedBySpamSenders(
  db: Kysely<Database>,
  chainId: string,
  account: string,
  senders: readonly string[],
  page: readonly HoldingRow[],
): Promise<Set<string>> {
  if (senders.length === 0) return new Set()
  const rows = await db
    .selectFrom('activity_transfers as t')
    .innerJoin('activity_transactions as x', (join) =>
      join.onRef('x.chain', '=', 't.chain').onRef('x.hash', '=', 't.tx_hash'),
    )
    .select(['t.token', 't.token_id'])
    .where('t.chain', '=', chainId)
    .where('t.to_address', '=', account)
    .where('t.token', 'in', [...new Set(page.map((row) => row.token))])
    .where(
      'x.from_address',
      'in',
      senders.map((sender) => sender.toLowerCase()),
    )
    .execute()
  return new Set(rows.map((row) => `${row.token}/${row.token_id}`))
}
