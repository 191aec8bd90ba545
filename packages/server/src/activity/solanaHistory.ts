/**
 * An account's activity on a Solana chain, newest first, read from the node on request (no block
 * indexer): the signatures that touch the address or its token accounts, then those transactions,
 * turned into SOL and SPL transfers from their balance changes, in the same shape as EVM activity.
 */
import type { HistoryResponse, Transaction, Transfer } from '@portico/core/api'
import type { ChainConfig } from '../config.js'
import { toDecimalString, usdValue } from '../portfolio/amounts.js'
import type { UpstreamError } from '../portfolio/errors.js'
import type { PriceSource } from '../portfolio/prices.js'
import { isBase58Signature } from '../portfolio/solanaAddress.js'
import { describeUnknownMint, getMintPrice } from '../portfolio/solanaBalances.js'
import {
  callSolanaRpc,
  resultOf,
  type SolanaRpcCall,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  toBigInt,
} from '../portfolio/solanaRpc.js'
import { InvalidCursorError } from './errors.js'
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT } from './getHistory.js'

export interface GetSolanaHistoryParameters {
  /** A chain whose `caipNetworkId` is `solana:…`. */
  chain: ChainConfig
  /** A base58 address, already checked. */
  address: string
  /** The `next` of the previous page: the signature of its last transaction. */
  cursor?: string
  /** Transactions per page: 20 by default, at most 100. */
  limit?: number
  prices: PriceSource
  fetch?: typeof fetch
}
export type GetSolanaHistoryReturnType = HistoryResponse
export type GetSolanaHistoryErrorType = InvalidCursorError | UpstreamError

/** getTransaction refuses `processed`; `confirmed` shows a transaction about 13 s before `finalized`. */
const COMMITMENT = 'confirmed'

interface SignatureInfo {
  signature: string
  slot: bigint
  blockTime: number | null
}

interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
  amount: bigint
  decimals: number
}

interface ParsedTransaction {
  blockTime: number | null
  accountKeys: string[]
  /** The first instruction's program: what a transaction without transfers was sent to. */
  firstProgram: string | undefined
  err: unknown
  fee: bigint
  preBalances: bigint[]
  postBalances: bigint[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
}

function readSignatures(result: unknown): SignatureInfo[] {
  if (!Array.isArray(result)) throw new Error('getSignaturesForAddress answered no list')
  return result.flatMap((entry) => {
    const { signature, slot, blockTime } = (entry ?? {}) as Record<string, unknown>
    const at = toBigInt(slot)
    if (typeof signature !== 'string' || at === undefined) return []
    return [{ signature, slot: at, blockTime: typeof blockTime === 'number' ? blockTime : null }]
  })
}

function readTokenBalances(list: unknown): TokenBalance[] {
  if (!Array.isArray(list)) return []
  return list.flatMap((entry) => {
    const { accountIndex, mint, owner, uiTokenAmount } = (entry ?? {}) as Record<string, unknown>
    const amount = toBigInt((uiTokenAmount as { amount?: unknown } | undefined)?.amount)
    const decimals = (uiTokenAmount as { decimals?: unknown } | undefined)?.decimals
    if (typeof accountIndex !== 'number' || typeof mint !== 'string' || amount === undefined) return []
    if (typeof decimals !== 'number') return []
    return [{ accountIndex, mint, ...(typeof owner === 'string' ? { owner } : {}), amount, decimals }]
  })
}

function readTransaction(result: unknown): ParsedTransaction | undefined {
  if (typeof result !== 'object' || result === null) return undefined
  const { blockTime, transaction, meta } = result as Record<string, unknown>
  const message = (transaction as { message?: Record<string, unknown> } | undefined)?.message
  const metaRecord = meta as Record<string, unknown> | null | undefined
  if (!message || !metaRecord || !Array.isArray(message.accountKeys)) return undefined
  // jsonParsed lists keys as { pubkey, signer, writable, source }, loaded (lookup-table) ones included.
  const accountKeys = message.accountKeys.map((key) =>
    typeof key === 'string' ? key : String((key as { pubkey?: unknown })?.pubkey),
  )
  const balances = (list: unknown) => (Array.isArray(list) ? list.map((value) => toBigInt(value) ?? 0n) : [])
  const instructions = Array.isArray(message.instructions) ? message.instructions : []
  const firstProgram = (instructions[0] as { programId?: unknown } | undefined)?.programId
  return {
    blockTime: typeof blockTime === 'number' ? blockTime : null,
    accountKeys,
    firstProgram: typeof firstProgram === 'string' ? firstProgram : undefined,
    err: metaRecord.err ?? null,
    fee: toBigInt(metaRecord.fee) ?? 0n,
    preBalances: balances(metaRecord.preBalances),
    postBalances: balances(metaRecord.postBalances),
    preTokenBalances: readTokenBalances(metaRecord.preTokenBalances),
    postTokenBalances: readTokenBalances(metaRecord.postTokenBalances),
  }
}

/** The one key whose change mirrors the account's, when exactly one does. */
function onlyOne(candidates: Iterable<string>): string | undefined {
  const list = [...new Set(candidates)]
  return list.length === 1 ? list[0] : undefined
}

interface Movement {
  transfer: Transfer
  direction: 'in' | 'out'
  counterparty: string | undefined
  mint: boolean
  burn: boolean
}

/** The SOL the account sent or received, the fee left out (it is the network's, not a transfer). */
function solMovement(
  tx: ParsedTransaction,
  address: string,
  chain: ChainConfig,
  prices: PriceSource,
): Movement | undefined {
  const deltas = tx.accountKeys.map((_, index) => {
    const change = (tx.postBalances[index] ?? 0n) - (tx.preBalances[index] ?? 0n)
    // The fee payer (key 0) paid the fee; adding it back leaves what it sent.
    return index === 0 ? change + tx.fee : change
  })
  const own = tx.accountKeys.indexOf(address)
  const delta = own === -1 ? 0n : (deltas[own] ?? 0n)
  if (delta === 0n) return undefined
  const direction = delta > 0n ? 'in' : 'out'
  const others = tx.accountKeys.filter(
    (key, index) =>
      key !== address && (direction === 'in' ? (deltas[index] ?? 0n) < 0n : (deltas[index] ?? 0n) > 0n),
  )
  const amount = delta > 0n ? delta : -delta
  const { name, symbol, decimals, iconUrl } = chain.nativeCurrency
  const price = prices.getPrice({ chainId: chain.caipNetworkId })
  return {
    direction,
    counterparty: onlyOne(others),
    mint: false,
    burn: false,
    transfer: {
      direction,
      quantity: { numeric: toDecimalString(amount, decimals) },
      fungible_info: { name, symbol, ...(iconUrl ? { icon: { url: iconUrl } } : {}) },
      ...(price === undefined ? {} : { price, value: usdValue(amount, decimals, price) }),
    },
  }
}

/** Per mint, the change of the account's token balances (its token accounts, whoever signed). */
function splMovements(
  tx: ParsedTransaction,
  address: string,
  chain: ChainConfig,
  prices: PriceSource,
): Movement[] {
  // Net change per (mint, owner): a closed account is absent after, a new one absent before.
  const changes = new Map<string, Map<string, bigint>>()
  const decimalsOf = new Map<string, number>()
  const add = (balance: TokenBalance, sign: 1n | -1n) => {
    const owner = balance.owner ?? `account:${balance.accountIndex}`
    const perOwner = changes.get(balance.mint) ?? new Map<string, bigint>()
    perOwner.set(owner, (perOwner.get(owner) ?? 0n) + sign * balance.amount)
    changes.set(balance.mint, perOwner)
    decimalsOf.set(balance.mint, balance.decimals)
  }
  for (const balance of tx.preTokenBalances) add(balance, -1n)
  for (const balance of tx.postTokenBalances) add(balance, 1n)

  const chainId = chain.caipNetworkId
  const spam = new Set(chain.spamTokens)
  const configured = new Map(chain.tokens.map((token) => [token.address, token]))
  const movements: Movement[] = []
  for (const [mint, perOwner] of changes) {
    const delta = perOwner.get(address) ?? 0n
    // A fungible transfer has no spam flag in the wire format; spam tokens' transfers are left out.
    if (delta === 0n || spam.has(mint)) continue
    const decimals = decimalsOf.get(mint) ?? 0
    const direction = delta > 0n ? 'in' : 'out'
    const mirrored = [...perOwner].filter(
      ([owner, change]) => owner !== address && (direction === 'in' ? change < 0n : change > 0n),
    )
    // The supply changed when the balances do not net out: minted to the account, or burnt by it.
    const net = [...perOwner.values()].reduce((sum, change) => sum + change, 0n)
    const amount = delta > 0n ? delta : -delta
    const known = configured.get(mint)
    const price = getMintPrice(prices, chainId, mint)
    movements.push({
      direction,
      counterparty: onlyOne(
        mirrored.map(([owner]) => owner).filter((owner) => !owner.startsWith('account:')),
      ),
      mint: direction === 'in' && mirrored.length === 0 && net > 0n,
      burn: direction === 'out' && mirrored.length === 0 && net < 0n,
      transfer: {
        direction,
        quantity: { numeric: toDecimalString(amount, decimals) },
        fungible_info: {
          ...(known ? { name: known.name, symbol: known.symbol } : describeUnknownMint(mint)),
          address: `${chainId}:${mint}`,
          ...(known?.iconUrl ? { icon: { url: known.iconUrl } } : {}),
        },
        ...(price === undefined ? {} : { price, value: usdValue(amount, decimals, price) }),
      },
    })
  }
  return movements
}

function toTransaction(
  chain: ChainConfig,
  address: string,
  info: SignatureInfo,
  tx: ParsedTransaction,
  prices: PriceSource,
): Transaction {
  const sol = solMovement(tx, address, chain, prices)
  const movements = [...(sol ? [sol] : []), ...splMovements(tx, address, chain, prices)]
  const ins = movements.filter((movement) => movement.direction === 'in')
  const outs = movements.filter((movement) => movement.direction === 'out')
  const feePayer = tx.accountKeys[0] ?? ''
  const operationType = movements.some((movement) => movement.mint)
    ? 'mint'
    : movements.some((movement) => movement.burn)
      ? 'burn'
      : ins.length > 0 && outs.length === 0
        ? 'receive'
        : outs.length > 0 && ins.length === 0
          ? 'send'
          : feePayer === address
            ? 'execute'
            : 'receive'
  const counterparty = (operationType === 'send' ? outs : ins).find(
    (movement) => movement.counterparty,
  )?.counterparty
  // From the account's point of view, as an EVM transfer's from and to: who sent, and to whom.
  const [sentFrom, sentTo] =
    operationType === 'send'
      ? [address, counterparty ?? '']
      : operationType === 'receive' || operationType === 'mint'
        ? [counterparty ?? feePayer, address]
        : [feePayer, tx.firstProgram ?? '']
  const blockTime = tx.blockTime ?? info.blockTime
  return {
    id: `${chain.caipNetworkId}:${info.signature}`,
    metadata: {
      operationType,
      hash: info.signature,
      // The client shows no time for an empty one; a node may not know a very old block's time.
      minedAt: blockTime === null ? '' : new Date(blockTime * 1000).toISOString(),
      sentFrom,
      sentTo,
      status: tx.err === null ? 'confirmed' : 'failed',
      // Solana accounts have no transaction counter; the client does not read it.
      nonce: 0,
      chain: chain.caipNetworkId,
    },
    transfers: movements.map((movement) => movement.transfer),
  }
}

const tokenAccountsCall = (address: string, programId: string): SolanaRpcCall => ({
  method: 'getTokenAccountsByOwner',
  // Only the accounts' addresses are needed: an empty slice of their data.
  params: [
    address,
    { programId },
    { encoding: 'base64', dataSlice: { offset: 0, length: 0 }, commitment: COMMITMENT },
  ],
})

/**
 * The account's transactions on a Solana chain, newest first, `limit` per page: those that name
 * the address or one of its token accounts (an SPL transfer to an existing token account does not
 * name its owner). Each lists the SOL (fee left out) and SPL amounts the account sent or received.
 * `next` is the last transaction's signature (null on the last page); pass it back as `cursor`.
 * Throws `InvalidCursorError` for a cursor that is not a signature, `UpstreamError` when the node fails.
 * @example
 * const page = await getSolanaHistory({ chain, address, prices })
 * const more = page.next ? await getSolanaHistory({ chain, address, prices, cursor: page.next }) : undefined
 */
export async function getSolanaHistory(
  parameters: GetSolanaHistoryParameters,
): Promise<GetSolanaHistoryReturnType> {
  const { chain, address, prices, cursor } = parameters
  if (cursor !== undefined && !isBase58Signature(cursor)) throw new InvalidCursorError()
  const requested =
    parameters.limit !== undefined && Number.isFinite(parameters.limit)
      ? Math.floor(parameters.limit)
      : DEFAULT_HISTORY_LIMIT
  const limit = Math.min(Math.max(requested, 1), MAX_HISTORY_LIMIT)
  const fetchOption = parameters.fetch ? { fetch: parameters.fetch } : {}
  // One more than a page from each address tells whether another page follows.
  const signaturesCall = (of: string): SolanaRpcCall => ({
    method: 'getSignaturesForAddress',
    params: [of, { limit: limit + 1, commitment: COMMITMENT, ...(cursor ? { before: cursor } : {}) }],
  })

  const [own, ...programAnswers] = await callSolanaRpc({
    chain,
    action: 'reading the account’s signatures',
    ...fetchOption,
    calls: [
      signaturesCall(address),
      tokenAccountsCall(address, TOKEN_PROGRAM_ADDRESS),
      tokenAccountsCall(address, TOKEN_2022_PROGRAM_ADDRESS),
    ],
  })
  const found = readSignatures(resultOf(chain, 'reading the account’s signatures', own))
  const tokenAccounts = programAnswers.flatMap((answer) => {
    // A node without one of the token programs answers an error for it: nothing to add from there.
    if (!answer.ok) return []
    const value = (answer.result as { value?: unknown } | null)?.value
    return Array.isArray(value)
      ? value.flatMap((entry) => {
          const pubkey = (entry as { pubkey?: unknown } | null)?.pubkey
          return typeof pubkey === 'string' ? [pubkey] : []
        })
      : []
  })
  if (tokenAccounts.length > 0) {
    const answers = await callSolanaRpc({
      chain,
      action: 'reading the token accounts’ signatures',
      ...fetchOption,
      calls: tokenAccounts.map(signaturesCall),
    })
    for (const answer of answers) {
      found.push(...readSignatures(resultOf(chain, 'reading the token accounts’ signatures', answer)))
    }
  }

  const unique = new Map<string, SignatureInfo>()
  for (const info of found) if (!unique.has(info.signature)) unique.set(info.signature, info)
  // Newest first by slot; each list came newest first, and the sort is stable within a slot.
  const ordered = [...unique.values()].sort((a, b) => (a.slot === b.slot ? 0 : a.slot > b.slot ? -1 : 1))
  const page = ordered.slice(0, limit)
  const next = ordered.length > limit ? (page[page.length - 1]?.signature ?? null) : null
  if (page.length === 0) return { data: [], next }

  const transactions = await callSolanaRpc({
    chain,
    action: 'reading transactions',
    ...fetchOption,
    calls: page.map((info) => ({
      method: 'getTransaction',
      params: [
        info.signature,
        { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: COMMITMENT },
      ],
    })),
  })
  const data: Transaction[] = []
  page.forEach((info, index) => {
    const tx = readTransaction(resultOf(chain, 'reading transactions', transactions[index]))
    // A signature whose transaction the node no longer keeps (or cannot show) is skipped, not guessed at.
    if (tx) data.push(toTransaction(chain, address, info, tx, prices))
  })
  return { data, next }
}
