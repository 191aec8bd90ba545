/**
 * Reading a block range over JSON-RPC and turning it into rows: transactions that moved value (or
 * failed), native transfers, ERC-20 / ERC-721 `Transfer` logs and ERC-1155 `TransferSingle` /
 * `TransferBatch` logs of any contract.
 */
import type { Insertable } from 'kysely'
import { decodeAbiParameters, type Hex, type PublicClient } from 'viem'
import type { ActivityTransactionsTable, ActivityTransfersTable } from './tables.js'

/** keccak256("Transfer(address,address,uint256)"), shared by ERC-20 and ERC-721. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("TransferSingle(address,address,address,uint256,uint256)") (ERC-1155). */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
/** keccak256("TransferBatch(address,address,address,uint256[],uint256[])") (ERC-1155). */
export const TRANSFER_BATCH_TOPIC = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
/** More ids than this in one `TransferBatch` log are not indexed: no real transfer needs them. */
const MAX_BATCH_IDS = 500

export interface RpcTransaction {
  hash: Hex
  from: Hex
  to: Hex | null
  value: Hex
  nonce: Hex
  transactionIndex: Hex
}

export interface RpcBlock {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: RpcTransaction[]
}

export interface RpcLog {
  address: Hex
  topics: Hex[]
  data: Hex
  logIndex: Hex
  transactionHash: Hex
}

export interface RpcReceipt {
  transactionHash: Hex
  status: Hex
  contractAddress?: Hex | null
  logs: RpcLog[]
}

/** How receipts are fetched: one call per block, or one per transaction where the node lacks it. */
export type ReceiptMode = 'block' | 'transaction'

export interface FetchedRange {
  blocks: RpcBlock[]
  /** Receipts by transaction hash (lower-case). */
  receipts: Map<string, RpcReceipt>
  receiptMode: ReceiptMode
}

export type TransactionInsert = Insertable<ActivityTransactionsTable>
export type TransferInsert = Insertable<ActivityTransfersTable>

/** A header without transactions; null when the node has no block at that height. */
export async function getBlockHeader(
  client: PublicClient,
  number: bigint,
): Promise<{ hash: Hex; parentHash: Hex } | null> {
  const block = (await client.request({
    method: 'eth_getBlockByNumber',
    params: [`0x${number.toString(16)}`, false],
  })) as { hash: Hex; parentHash: Hex } | null
  return block ? { hash: block.hash, parentHash: block.parentHash } : null
}

function isMethodMissing(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined; current; ) {
    if (current.code === -32601 || current.code === -32004) return true
    if (
      typeof current.message === 'string' &&
      /method.*(not (found|supported|exist|available))/i.test(current.message)
    ) {
      return true
    }
    current = current.cause as typeof current
  }
  return false
}

/**
 * The blocks `from`..`to` with their transactions and receipts. Requests are started together so
 * the transport sends them as JSON-RPC batches. Falls back to per-transaction receipts (and says so
 * in `receiptMode`) when the node lacks `eth_getBlockReceipts`.
 */
export async function fetchRange(
  client: PublicClient,
  from: bigint,
  to: bigint,
  receiptMode: ReceiptMode,
): Promise<FetchedRange> {
  const numbers: bigint[] = []
  for (let number = from; number <= to; number++) numbers.push(number)
  const blocks = await Promise.all(
    numbers.map(async (number) => {
      const block = (await client.request({
        method: 'eth_getBlockByNumber',
        params: [`0x${number.toString(16)}`, true],
      })) as RpcBlock | null
      if (!block) throw new Error(`The node has no block ${number} although its head is past it.`)
      return block
    }),
  )
  const withTransactions = blocks.filter((block) => block.transactions.length > 0)
  const receipts = new Map<string, RpcReceipt>()
  let mode = receiptMode
  if (mode === 'block') {
    try {
      const lists = await Promise.all(
        withTransactions.map(
          (block) =>
            client.request({ method: 'eth_getBlockReceipts', params: [block.hash] } as never) as Promise<
              RpcReceipt[] | null
            >,
        ),
      )
      for (const list of lists)
        for (const receipt of list ?? []) receipts.set(receipt.transactionHash.toLowerCase(), receipt)
    } catch (error) {
      if (!isMethodMissing(error)) throw error
      mode = 'transaction'
    }
  }
  if (mode === 'transaction') {
    const hashes = withTransactions.flatMap((block) =>
      block.transactions.map((transaction) => transaction.hash),
    )
    const list = await Promise.all(
      hashes.map(
        (hash) =>
          client.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          }) as Promise<RpcReceipt | null>,
      ),
    )
    for (const receipt of list) if (receipt) receipts.set(receipt.transactionHash.toLowerCase(), receipt)
  }
  for (const block of withTransactions) {
    for (const transaction of block.transactions) {
      if (!receipts.has(transaction.hash.toLowerCase())) {
        throw new Error(
          `The node returned no receipt for ${transaction.hash} in block ${BigInt(block.number)}.`,
        )
      }
    }
  }
  return { blocks, receipts, receiptMode: mode }
}

/** A 32-byte topic holding an address → the address, lower-case. */
function topicAddress(topic: Hex): string {
  return `0x${topic.slice(-40)}`.toLowerCase()
}

/**
 * The transfers of an ERC-1155 log, or undefined when it is not `TransferSingle`/`TransferBatch`.
 * A log that does not decode (a contract emitting the topic with other data) yields none.
 */
function erc1155Transfers(
  chain: string,
  hash: string,
  blockNumber: string,
  log: RpcLog,
): TransferInsert[] | undefined {
  const topic = log.topics[0]?.toLowerCase()
  if (topic !== TRANSFER_SINGLE_TOPIC && topic !== TRANSFER_BATCH_TOPIC) return undefined
  const [, , fromTopic, toTopic] = log.topics
  if (log.topics.length !== 4 || !fromTopic || !toTopic) return []
  let pairs: (readonly [bigint, bigint])[]
  try {
    if (topic === TRANSFER_SINGLE_TOPIC) {
      const [id, value] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data)
      pairs = [[id, value]]
    } else {
      const [ids, values] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], log.data)
      if (ids.length !== values.length || ids.length > MAX_BATCH_IDS) return []
      pairs = ids.map((id, index) => [id, values[index] ?? 0n] as const)
    }
  } catch {
    return []
  }
  const base = {
    chain,
    tx_hash: hash,
    block_number: blockNumber,
    log_index: Number(BigInt(log.logIndex)),
    kind: 'erc1155' as const,
    token: log.address.toLowerCase(),
    from_address: topicAddress(fromTopic),
    to_address: topicAddress(toTopic),
  }
  return pairs.flatMap(([id, value], index) =>
    value === 0n ? [] : [{ ...base, batch_index: index, amount: value.toString(), token_id: id.toString() }],
  )
}

/**
 * The rows of a fetched range. A transaction is kept when it moved the native currency, emitted a
 * `Transfer`, or failed (so a sender sees their failed attempt).
 */
export function extractActivity(
  chain: string,
  range: FetchedRange,
): { transactions: TransactionInsert[]; transfers: TransferInsert[]; tokens: Set<string> } {
  const transactions: TransactionInsert[] = []
  const transfers: TransferInsert[] = []
  const tokens = new Set<string>()
  for (const block of range.blocks) {
    const blockNumber = BigInt(block.number).toString()
    const minedAt = new Date(Number(BigInt(block.timestamp)) * 1000)
    for (const transaction of block.transactions) {
      const hash = transaction.hash.toLowerCase()
      const receipt = range.receipts.get(hash)
      if (!receipt) continue
      const failed = BigInt(receipt.status) !== 1n
      const own: TransferInsert[] = []
      const value = BigInt(transaction.value)
      const to = (transaction.to ?? receipt.contractAddress ?? null)?.toLowerCase() ?? null
      if (value > 0n && to) {
        own.push({
          chain,
          tx_hash: hash,
          block_number: blockNumber,
          log_index: -1,
          kind: 'native',
          token: null,
          from_address: transaction.from.toLowerCase(),
          to_address: to,
          amount: value.toString(),
          token_id: null,
        })
      }
      for (const log of receipt.logs) {
        const multi = erc1155Transfers(chain, hash, blockNumber, log)
        if (multi) {
          own.push(...multi)
          if (multi.length > 0) tokens.add(log.address.toLowerCase())
          continue
        }
        if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue
        const [, fromTopic, toTopic, idTopic] = log.topics
        if (!fromTopic || !toTopic) continue
        const token = log.address.toLowerCase()
        const base = {
          chain,
          tx_hash: hash,
          block_number: blockNumber,
          log_index: Number(BigInt(log.logIndex)),
          token,
          from_address: topicAddress(fromTopic),
          to_address: topicAddress(toTopic),
        }
        if (log.topics.length === 3 && log.data.length === 66) {
          own.push({ ...base, kind: 'erc20', amount: BigInt(log.data).toString(), token_id: null })
        } else if (log.topics.length === 4 && idTopic) {
          own.push({ ...base, kind: 'erc721', amount: '1', token_id: BigInt(idTopic).toString() })
        } else {
          continue
        }
        tokens.add(token)
      }
      if (own.length === 0 && !failed) continue
      transactions.push({
        chain,
        hash,
        block_number: blockNumber,
        block_hash: block.hash.toLowerCase(),
        tx_index: Number(BigInt(transaction.transactionIndex)),
        from_address: transaction.from.toLowerCase(),
        to_address: transaction.to?.toLowerCase() ?? null,
        nonce: BigInt(transaction.nonce).toString(),
        status: failed ? 'failed' : 'confirmed',
        mined_at: minedAt,
      })
      transfers.push(...own)
    }
  }
  return { transactions, transfers, tokens }
}
