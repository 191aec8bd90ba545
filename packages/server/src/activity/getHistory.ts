/**
 * An account's activity on one chain, newest first, from the indexer's tables: the transactions in
 * which the address sent or received the native currency, an ERC-20 token or an NFT.
 */
import type { HistoryResponse, Transaction, Transfer } from '@portico/core/api'
import { type Kysely, sql } from 'kysely'
import { type Address, getAddress, type PublicClient } from 'viem'
import * as z from 'zod'
import type { ChainConfig, ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { getNftMetadata, type NftMetadata } from '../nfts/nftMetadata.js'
import { toDecimalString, usdValue } from '../portfolio/amounts.js'
import type { PriceSource } from '../portfolio/prices.js'
import type { InvalidCursorError } from './errors.js'
import { keysetPage } from './keysetPage.js'

export const DEFAULT_HISTORY_LIMIT = 20
export const MAX_HISTORY_LIMIT = 100

export interface GetHistoryParameters {
  db: Kysely<Database>
  chain: ChainConfig
  address: `0x${string}`
  /** The `next` of the previous page. */
  cursor?: string
  /** Transactions per page: 20 by default, at most 100. */
  limit?: number
  prices: PriceSource
  /** Reads the NFTs' metadata (name, picture) for `nft_info`; without it NFT transfers carry the collection's name only. */
  nfts?: { config: ServerConfig['nfts']; client: PublicClient; now: () => number }
}
export type GetHistoryReturnType = HistoryResponse
export type GetHistoryErrorType = InvalidCursorError

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

const MAX_BIGINT = 2n ** 63n - 1n
const MAX_INTEGER = 2 ** 31 - 1

/** The cursor's content: the last (block, index) position shown. */
const cursors = keysetPage(
  '',
  {
    // Bounded by the columns' types (bigint, integer): a forged cursor past them is refused here,
    // not by the database.
    block: z
      .string()
      .regex(/^\d{1,19}$/)
      .refine((block) => BigInt(block) <= MAX_BIGINT),
    index: z.number().int().min(0).max(MAX_INTEGER),
  },
  200,
)

interface TransactionRow {
  hash: string
  block_number: string
  tx_index: number
  from_address: string
  to_address: string | null
  nonce: string
  status: 'confirmed' | 'failed'
  mined_at: Date | string
}

/**
 * The account's transactions on `chain`, newest first, `limit` per page. `next` is an opaque
 * cursor (null on the last page) that stays valid while new blocks arrive: it marks a position in
 * the chain, not an offset. Throws `InvalidCursorError` for a cursor it did not make.
 * @example
 * const page = await getHistory({ db, chain, address, prices })
 * const more = page.next ? await getHistory({ db, chain, address, prices, cursor: page.next }) : undefined
 */
export async function getHistory(parameters: GetHistoryParameters): Promise<GetHistoryReturnType> {
  const { db, chain, prices } = parameters
  const chainId = chain.caipNetworkId
  const account = parameters.address.toLowerCase()
  const scope = cursors.scopeOf(chainId, account)
  const requested =
    parameters.limit !== undefined && Number.isFinite(parameters.limit)
      ? Math.floor(parameters.limit)
      : DEFAULT_HISTORY_LIMIT
  const limit = Math.min(Math.max(requested, 1), MAX_HISTORY_LIMIT)
  const after = parameters.cursor === undefined ? undefined : cursors.decode(parameters.cursor, scope)

  // Keyset pagination on (block_number, tx_index): a page never shifts when newer blocks are indexed.
  const position = after
    ? sql`and (t.block_number, t.tx_index) < (${after.block}::bigint, ${after.index}::integer)`
    : sql``
  const spam = new Set(chain.spamTokens.map((address) => address.toLowerCase()))
  // Fungible transfers of spam tokens cannot be flagged in the wire format, so they do not count.
  const notSpam = spam.size ? sql`and not (kind = 'erc20' and token in (${sql.join([...spam])}))` : sql``
  const { rows } = await sql<TransactionRow>`
    with involved as (
      select tx_hash as hash from activity_transfers
      where chain = ${chainId} and from_address = ${account} ${notSpam}
      union
      select tx_hash from activity_transfers
      where chain = ${chainId} and to_address = ${account} ${notSpam}
      union
      select hash from activity_transactions where chain = ${chainId} and from_address = ${account}
      union
      select hash from activity_transactions where chain = ${chainId} and to_address = ${account}
    )
    select t.hash, t.block_number, t.tx_index, t.from_address, t.to_address, t.nonce, t.status, t.mined_at
    from activity_transactions t
    join involved on involved.hash = t.hash
    where t.chain = ${chainId} ${position}
    order by t.block_number desc, t.tx_index desc
    limit ${limit + 1}
  `.execute(db)

  const { rows: page, next } = cursors.page(rows, limit, scope, (row) => ({
    block: String(row.block_number),
    index: row.tx_index,
  }))
  if (page.length === 0) return { data: [], next }

  const transfers = await db
    .selectFrom('activity_transfers')
    .selectAll()
    .where('chain', '=', chainId)
    .where(
      'tx_hash',
      'in',
      page.map((row) => row.hash),
    )
    .where((eb) => eb.or([eb('from_address', '=', account), eb('to_address', '=', account)]))
    .orderBy('log_index')
    .execute()
  const tokenAddresses = [
    ...new Set(transfers.flatMap((transfer) => (transfer.token ? [transfer.token] : []))),
  ]
  const tokenRows = tokenAddresses.length
    ? await db
        .selectFrom('activity_tokens')
        .selectAll()
        .where('chain', '=', chainId)
        .where('address', 'in', tokenAddresses)
        .execute()
    : []
  const metadata = new Map(tokenRows.map((row) => [row.address, row]))
  const nftTransfers = transfers.filter(
    (transfer) =>
      (transfer.kind === 'erc721' || transfer.kind === 'erc1155') && transfer.token && transfer.token_id,
  )
  // The history is the database's: a node that does not answer costs the NFTs their names and
  // pictures, not the page.
  const nftMetadata: Map<string, NftMetadata> = parameters.nfts
    ? await getNftMetadata({
        db,
        client: parameters.nfts.client,
        config: parameters.nfts.config,
        chainId,
        now: parameters.nfts.now,
        tokens: [
          ...new Map(
            nftTransfers.map((transfer) => [
              `${transfer.token}/${transfer.token_id}`,
              {
                contract: transfer.token as string,
                tokenId: transfer.token_id as string,
                standard: transfer.kind as 'erc721' | 'erc1155',
              },
            ]),
          ).values(),
        ],
      }).catch(() => new Map<string, NftMetadata>())
    : new Map()
  const configured = new Map(chain.tokens.map((token) => [token.address.toLowerCase(), token]))

  const byTransaction = new Map<string, typeof transfers>()
  for (const transfer of transfers) {
    const list = byTransaction.get(transfer.tx_hash) ?? []
    list.push(transfer)
    byTransaction.set(transfer.tx_hash, list)
  }

  const caip10 = (address: string) => `${chainId}:${getAddress(address)}`
  const withPrice = (amount: bigint, decimals: number, price: number | undefined) =>
    price === undefined ? {} : { price, value: usdValue(amount, decimals, price) }

  const data: Transaction[] = []
  for (const row of page) {
    const shaped: Transfer[] = []
    const kinds = { mint: false, burn: false, in: false, out: false }
    for (const transfer of byTransaction.get(row.hash) ?? []) {
      const direction =
        transfer.from_address === account && transfer.to_address === account
          ? 'self'
          : transfer.from_address === account
            ? 'out'
            : 'in'
      const amount = BigInt(transfer.amount)
      if (transfer.kind === 'native') {
        const { name, symbol, decimals, iconUrl } = chain.nativeCurrency
        shaped.push({
          direction,
          quantity: { numeric: toDecimalString(amount, decimals) },
          fungible_info: { name, symbol, ...(iconUrl ? { icon: { url: iconUrl } } : {}) },
          ...withPrice(amount, decimals, prices.getPrice({ chainId })),
        })
      } else if (transfer.token && (transfer.kind === 'erc721' || transfer.kind === 'erc1155')) {
        const token = nftMetadata.get(`${transfer.token}/${transfer.token_id}`)
        const name = token?.name ?? metadata.get(transfer.token)?.name
        shaped.push({
          direction,
          quantity: { numeric: transfer.kind === 'erc721' ? '1' : amount.toString() },
          nft_info: {
            ...(name ? { name } : {}),
            address: caip10(transfer.token),
            ...(transfer.token_id !== null ? { token_id: transfer.token_id } : {}),
            ...(token?.image ? { picture: token.image } : {}),
            // SPEC §5: the client drops transactions whose transfers are all spam NFTs.
            flags: { is_spam: spam.has(transfer.token) || token?.status === 'failed' },
          },
        })
      } else if (transfer.token) {
        // A fungible transfer has no spam flag in the wire format; spam tokens' transfers are left out instead.
        if (spam.has(transfer.token)) continue
        const known = configured.get(transfer.token)
        const read = metadata.get(transfer.token)
        const decimals = known?.decimals ?? read?.decimals ?? 0
        shaped.push({
          direction,
          quantity: { numeric: toDecimalString(amount, decimals) },
          fungible_info: {
            name: known?.name ?? read?.name ?? 'Unknown token',
            symbol: known?.symbol ?? read?.symbol ?? '???',
            address: caip10(transfer.token),
            ...(known?.iconUrl ? { icon: { url: known.iconUrl } } : {}),
          },
          ...withPrice(amount, decimals, prices.getPrice({ chainId, address: transfer.token as Address })),
        })
      } else {
        continue
      }
      if (transfer.from_address === ZERO_ADDRESS && transfer.kind !== 'native') kinds.mint = true
      else if (transfer.to_address === ZERO_ADDRESS && transfer.kind !== 'native') kinds.burn = true
      if (direction === 'in') kinds.in = true
      if (direction === 'out') kinds.out = true
    }
    const sent = row.from_address === account

    const operationType = kinds.mint
      ? 'mint'
      : kinds.burn
        ? 'burn'
        : kinds.in && !kinds.out
          ? 'receive'
          : kinds.out && !kinds.in
            ? 'send'
            : sent && shaped.length > 0 && shaped.every((transfer) => transfer.direction === 'self')
              ? 'send'
              : sent
                ? 'execute'
                : 'receive'
    const minedAt = row.mined_at instanceof Date ? row.mined_at : new Date(row.mined_at)
    data.push({
      id: `${chainId}:${row.hash}`,
      metadata: {
        operationType,
        hash: row.hash,
        minedAt: minedAt.toISOString(),
        sentFrom: getAddress(row.from_address),
        sentTo: row.to_address ? getAddress(row.to_address) : '',
        status: row.status,
        nonce: Number(row.nonce),
        chain: chainId,
      },
      transfers: shaped,
    })
  }
  return { data, next }
}
