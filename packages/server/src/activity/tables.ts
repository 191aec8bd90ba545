/**
 * The activity indexer's tables (migration 002_activity). Every row carries the chain's CAIP-2 id,
 * so one database serves several chains. Addresses and hashes are stored lower-case; block numbers
 * and amounts come back as strings (int8 and numeric), so nothing loses precision.
 */
import type { ColumnType } from 'kysely'

/** An int8 column: written as a number, bigint or string, read back as a string. */
type Int8 = ColumnType<string, number | bigint | string, number | bigint | string>

/** One row per chain: where its indexer stands and who may write for it. */
export interface ActivityChainsTable {
  chain: string
  /** The last block whose transfers are stored; the next round starts after it. */
  last_block: Int8
  /** The indexer instance allowed to write for this chain, while `lease_expires_at` is ahead. */
  lease_owner: string | null
  lease_expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>
}

/** Hashes of recently indexed blocks, to notice a re-org before the next round. */
export interface ActivityBlocksTable {
  chain: string
  number: Int8
  hash: string
  parent_hash: string
}

export interface ActivityTransactionsTable {
  chain: string
  hash: string
  block_number: Int8
  block_hash: string
  /** The transaction's index in its block. */
  tx_index: number
  from_address: string
  /** Null for a contract creation. */
  to_address: string | null
  nonce: Int8
  status: 'confirmed' | 'failed'
  mined_at: ColumnType<Date, Date | string, Date | string>
}

export interface ActivityTransfersTable {
  chain: string
  tx_hash: string
  block_number: Int8
  /** The log's index in the block; -1 for the transaction's native value. */
  log_index: number
  /** The id's position in an ERC-1155 `TransferBatch` log; 0 for every other transfer. */
  batch_index: ColumnType<number, number | undefined, number>
  kind: 'native' | 'erc20' | 'erc721' | 'erc1155'
  /** The token contract; null for the native currency. */
  token: string | null
  from_address: string
  to_address: string
  /** Base units, exact (numeric(78,0) holds any uint256). */
  amount: ColumnType<string, string, string>
  /** The NFT's id (decimal), for ERC-721 and ERC-1155 transfers. */
  token_id: string | null
}

/** What a token contract said about itself, read once. */
export interface ActivityTokensTable {
  chain: string
  address: string
  name: string | null
  symbol: string | null
  decimals: number | null
  /** `unknown` when the contract answered none of name, symbol and decimals; it is not asked again. */
  status: 'known' | 'unknown'
}

/** The metadata the server fetched for one NFT (`nfts/nftMetadata.ts`), kept so it is fetched once. */
export interface NftMetadataTable {
  chain: string
  contract: string
  token_id: string
  /** `failed`: the URI or its answer was refused (kept too, so it is not fetched on every view). */
  status: 'ok' | 'failed'
  name: string | null
  description: string | null
  /** The picture's URL as the modal loads it (https, or a data: URI of a raster image). */
  image: string | null
  failure: string | null
  fetched_at: ColumnType<Date, Date | string, Date | string>
}

export interface ActivityTables {
  activity_chains: ActivityChainsTable
  activity_blocks: ActivityBlocksTable
  activity_transactions: ActivityTransactionsTable
  activity_transfers: ActivityTransfersTable
  activity_tokens: ActivityTokensTable
  nft_metadata: NftMetadataTable
}
