/**
 * The JSON-RPC proxy behind `POST /v1/?chainId&projectId` (SPEC §7): sites point their RPC at it so
 * the upstream node's URL (and any key in it) stays on the server. Only an allow-list of methods
 * goes through: reads, and sending transactions the user already signed.
 */
import { type ChainConfig, isNeverForwarded } from '../config.js'
import { ApiRefusal } from './apiError.js'
import { JsonRpcError } from './jsonRpcError.js'
import { jsonDepth } from './storableText.js'

/**
 * The ERC-4337 bundler's methods: on a chain with a `bundlerUrl` they go to the bundler, with the
 * same project, origin and rate-limit rules as the rest; everything else still goes to the node.
 */
export const BUNDLER_METHODS: ReadonlySet<string> = new Set([
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
])

/** The JSON-RPC code of an item whose bundler is down or answers garbage (server-defined range). */
export const BUNDLER_UNAVAILABLE_CODE = -32050

/**
 * The deepest `params` the proxy forwards. The deepest call of the read set (`eth_simulateV1`'s
 * state overrides) nests well under this; deeper is a request made to tire the node out.
 */
export const MAX_PARAMS_DEPTH = 32

/**
 * Forwarded when the config names no list: the read set of the execution API, filters, and
 * `eth_sendRawTransaction`. Never methods that sign with the node's keys (`eth_sendTransaction`,
 * `eth_sign*`, `personal_*`) or control the node (`debug_*`, `anvil_*`, `evm_*`, `hardhat_*`, …).
 */
export const DEFAULT_ALLOWED_METHODS: readonly string[] = [
  'eth_blockNumber',
  'eth_blobBaseFee',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleByBlockHashAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_protocolVersion',
  'eth_sendRawTransaction',
  'eth_simulateV1',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_listening',
  'net_peerCount',
  'net_version',
  'web3_clientVersion',
  'web3_sha3',
]

/**
 * Forwarded on Solana chains when the config names no list: the reads a Solana wallet adapter makes,
 * and sending transactions the user already signed. Not `requestAirdrop` (a devnet faucet) nor the
 * node's own control surface.
 */
export const DEFAULT_SOLANA_ALLOWED_METHODS: readonly string[] = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getFeeForMessage',
  'getGenesisHash',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSignatureStatuses',
  'getSignaturesForAddress',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'isBlockhashValid',
  'sendTransaction',
  'simulateTransaction',
]

type JsonRpcId = string | number | null

interface JsonRpcErrorBody {
  code: number
  message: string
  data?: unknown
}

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: JsonRpcId
  result?: unknown
  error?: JsonRpcErrorBody
}

const errorResponse = (id: JsonRpcId, code: number, message: string): JsonRpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
})

/** Accepts `eip155:1` or, for EVM chains, a bare decimal `1`. */
export function findChain(chains: readonly ChainConfig[], chainId: string | undefined): ChainConfig {
  if (!chainId) {
    throw new ApiRefusal(
      'BAD_REQUEST',
      'The chainId query parameter is missing: add ?chainId=eip155:<id> (CAIP-2).',
    )
  }
  const caip = /^\d+$/.test(chainId) ? `eip155:${chainId}` : chainId
  const chain = chains.find((candidate) => candidate.caipNetworkId === caip)
  if (!chain) {
    const known = chains.map((candidate) => candidate.caipNetworkId).join(', ') || 'none'
    throw new ApiRefusal(
      'UNSUPPORTED_CHAIN',
      `This server has no chain ${chainId}. Chains it serves: ${known}.`,
    )
  }
  return chain
}

export interface ProxyJsonRpcParameters {
  /** The raw request body. */
  body: string
  chain: ChainConfig
  allowedMethods: ReadonlySet<string>
  maxBatch: number
  timeoutMs: number
  /**
   * The most blocks one `eth_getLogs` may cover (from `fromBlock` to `toBlock`, both included);
   * EVM chains only. No bound when omitted.
   */
  maxLogsBlockSpan?: number
  /**
   * Called with the number of items once the body is parsed, before anything goes upstream: the
   * rate limit counts each item of a batch as a request. Throws to refuse the whole request.
   */
  countItems?: (count: number) => void | Promise<void>
  /** The chain's ERC-4337 bundler; `BUNDLER_METHODS` are refused when omitted. */
  bundlerUrl?: string | undefined
  /**
   * Methods the server answers itself (the paymaster's `pm_*`), by name. A handler throws
   * `JsonRpcError` to refuse; the item gets that error, the other items their answers.
   */
  localMethods?: ReadonlyMap<string, (params: unknown) => Promise<unknown>>
  fetch?: typeof fetch
}

export interface ProxyJsonRpcResult {
  /** `undefined` when the request held only notifications, which get no answer. */
  body: JsonRpcResponse | JsonRpcResponse[] | undefined
}

interface PlannedItem {
  /** Whether the client expects an answer (it sent an `id`). */
  answered: boolean
  id: JsonRpcId
  /** Set when the item is refused without asking upstream. */
  refusal?: JsonRpcResponse
  /** The request sent upstream, under an id of the proxy's own. */
  forward?: { jsonrpc: '2.0'; id: number; method: string; params?: unknown }
  /** Where `forward` goes: the chain's node, or its bundler. */
  target?: 'node' | 'bundler'
  /** Answered by the server itself. */
  local?: { handler: (params: unknown) => Promise<unknown>; params: unknown }
}

function isId(value: unknown): value is JsonRpcId {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))
}

interface PlanOptions {
  allowedMethods: ReadonlySet<string>
  chain: ChainConfig
  bundlerUrl?: string | undefined
  localMethods?: ReadonlyMap<string, (params: unknown) => Promise<unknown>> | undefined
}

function planItem(item: unknown, index: number, options: PlanOptions): PlannedItem {
  const { allowedMethods } = options
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    return {
      answered: true,
      id: null,
      refusal: errorResponse(null, -32600, 'Invalid request: expected a JSON-RPC object.'),
    }
  }
  const request = item as Record<string, unknown>
  const answered = 'id' in request
  const id = isId(request.id) ? request.id : null
  if (answered && !isId(request.id)) {
    return {
      answered,
      id: null,
      refusal: errorResponse(null, -32600, 'Invalid request: id must be a string, number or null.'),
    }
  }
  if (request.jsonrpc !== '2.0' || typeof request.method !== 'string') {
    return {
      answered,
      id,
      refusal: errorResponse(id, -32600, 'Invalid request: expected jsonrpc "2.0" and a method.'),
    }
  }
  if (request.params !== undefined && (typeof request.params !== 'object' || request.params === null)) {
    return {
      answered,
      id,
      refusal: errorResponse(id, -32600, 'Invalid request: params must be an array or an object.'),
    }
  }
  const method = request.method
  const local = options.localMethods?.get(method)
  const bundled = BUNDLER_METHODS.has(method)
  if (bundled && !options.bundlerUrl) {
    return {
      answered,
      id,
      refusal: errorResponse(
        id,
        -32601,
        `The method ${method} needs an ERC-4337 bundler, and this server has none for ${options.chain.caipNetworkId}.`,
      ),
    }
  }
  if (!local && !bundled && (!allowedMethods.has(method) || isNeverForwarded(method))) {
    return {
      answered,
      id,
      refusal: errorResponse(id, -32601, `The method ${method} is not available through this RPC proxy.`),
    }
  }
  const depth = jsonDepth(request.params, MAX_PARAMS_DEPTH)
  if (depth > MAX_PARAMS_DEPTH) {
    return {
      answered,
      id,
      refusal: errorResponse(
        id,
        -32600,
        `Invalid request: params are nested more than ${MAX_PARAMS_DEPTH} levels deep, which no method of this proxy takes.`,
      ),
    }
  }
  if (local) return { answered, id, local: { handler: local, params: request.params } }
  return {
    answered,
    id,
    target: bundled ? 'bundler' : 'node',
    forward: {
      jsonrpc: '2.0',
      id: index,
      method,
      ...(request.params !== undefined ? { params: request.params } : {}),
    },
  }
}

/** The upstream a batch goes to, and how its failures are worded. */
interface Upstream {
  url: string
  /** `The RPC node of eip155:1`, `The ERC-4337 bundler of eip155:1`. */
  label: string
}

const nodeOf = (chain: ChainConfig): Upstream => ({
  url: chain.rpcUrl,
  label: `The RPC node of ${chain.caipNetworkId}`,
})

const upstreamFailed = (upstream: Upstream, reason: string) =>
  new ApiRefusal('UPSTREAM_ERROR', `${upstream.label} ${reason}. Try again later.`)

function isUpstreamResponse(value: unknown): value is { id: unknown; result?: unknown; error?: unknown } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  if (!('result' in record) && !('error' in record)) return false
  if ('error' in record) {
    const error = record.error as Record<string, unknown> | null
    if (typeof error !== 'object' || error === null || typeof error.code !== 'number') return false
  }
  return true
}

async function callUpstream(
  upstream: Upstream,
  requests: NonNullable<PlannedItem['forward']>[],
  timeoutMs: number,
  fetchImpl: typeof fetch,
  options: { single?: boolean } = {},
): Promise<Map<number, { result?: unknown; error?: unknown }>> {
  let response: Response
  let text: string
  try {
    response = await fetchImpl(upstream.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(options.single ? requests[0] : requests),
      signal: AbortSignal.timeout(timeoutMs),
    })
    text = await response.text()
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError')
      throw upstreamFailed(upstream, `did not answer within ${timeoutMs} ms`)
    throw upstreamFailed(upstream, 'could not be reached')
  }
  if (!response.ok) throw upstreamFailed(upstream, `answered HTTP ${response.status}`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw upstreamFailed(upstream, 'answered something that is not JSON')
  }
  // A node answers a batch with an array; some answer a one-item batch with a single object.
  const items = Array.isArray(parsed) ? parsed : [parsed]
  const answers = new Map<number, { result?: unknown; error?: unknown }>()
  for (const item of items) {
    if (!isUpstreamResponse(item)) throw upstreamFailed(upstream, 'answered something that is not JSON-RPC')
    if (typeof item.id === 'number') answers.set(item.id, item)
  }
  return answers
}

/** Block tags that stand for the head (or near it) when an `eth_getLogs` range is measured. */
const HEAD_TAGS = new Set(['latest', 'safe', 'finalized', 'pending'])
const BLOCK_NUMBER = /^0x[0-9a-fA-F]{1,16}$/

/** The chain's current block number, asked of the node. */
async function readHead(chain: ChainConfig, timeoutMs: number, fetchImpl: typeof fetch): Promise<bigint> {
  const answers = await callUpstream(
    nodeOf(chain),
    [{ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }],
    timeoutMs,
    fetchImpl,
  )
  const result = answers.get(0)?.result
  if (typeof result !== 'string' || !BLOCK_NUMBER.test(result)) {
    throw upstreamFailed(nodeOf(chain), 'did not say its latest block number')
  }
  return BigInt(result)
}

/**
 * Refuses the `eth_getLogs` items of a plan whose block range is wider than `maxSpan`: one such
 * call over a chain's whole history costs the node far more than any other read. A range that
 * ends (or starts) at a head tag is measured against the head, asked of the node at most once.
 */
async function boundLogRanges(
  plan: PlannedItem[],
  maxSpan: number,
  head: () => Promise<bigint>,
): Promise<void> {
  let knownHead: Promise<bigint> | undefined
  const blockOf = async (value: unknown): Promise<bigint | undefined> => {
    const tag = value ?? 'latest'
    if (tag === 'earliest') return 0n
    if (typeof tag === 'string' && HEAD_TAGS.has(tag)) {
      knownHead ??= head()
      return knownHead
    }
    if (typeof tag === 'string' && BLOCK_NUMBER.test(tag)) return BigInt(tag)
    return undefined
  }
  for (const item of plan) {
    if (item.forward?.method !== 'eth_getLogs') continue
    const filter = Array.isArray(item.forward.params) ? item.forward.params[0] : undefined
    const refuse = (message: string) => {
      item.refusal = errorResponse(item.id, -32602, message)
      delete item.forward
    }
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
      refuse('Invalid params: eth_getLogs takes one filter object.')
      continue
    }
    const { fromBlock, toBlock, blockHash } = filter as Record<string, unknown>
    // One block by its hash: nothing to bound.
    if (blockHash !== undefined && fromBlock === undefined && toBlock === undefined) continue
    const bothTags =
      (fromBlock === undefined || HEAD_TAGS.has(String(fromBlock))) &&
      (toBlock === undefined || HEAD_TAGS.has(String(toBlock)))
    // From the head to the head: a block or two, whatever the head is.
    if (bothTags) continue
    const from = await blockOf(fromBlock)
    const to = await blockOf(toBlock)
    if (from === undefined || to === undefined) {
      refuse(
        'Invalid params: eth_getLogs fromBlock and toBlock must be block numbers (0x-hex) or tags (earliest, latest, safe, finalized, pending).',
      )
      continue
    }
    const span = to - from + 1n
    if (span > BigInt(maxSpan)) {
      refuse(
        `eth_getLogs may cover at most ${maxSpan} blocks through this proxy; this range covers ${span}. Ask for smaller ranges, one after another.`,
      )
    }
  }
}

/**
 * Forwards one JSON-RPC request or batch. Refused and malformed items are answered here; the rest
 * go upstream in one batch under the proxy's own ids (so a client's duplicate ids cannot mix up
 * answers) and come back under the client's ids, in the client's order. Throws `ApiRefusal`
 * `UPSTREAM_ERROR` when the node is down, too slow or answers garbage.
 */
export async function proxyJsonRpc(parameters: ProxyJsonRpcParameters): Promise<ProxyJsonRpcResult> {
  const { chain, allowedMethods, maxBatch, timeoutMs } = parameters
  let parsed: unknown
  try {
    parsed = JSON.parse(parameters.body)
  } catch {
    return { body: errorResponse(null, -32700, 'Parse error: the request body is not valid JSON.') }
  }
  const isBatch = Array.isArray(parsed)
  const items: unknown[] = isBatch ? (parsed as unknown[]) : [parsed]
  if (isBatch && items.length === 0) {
    return { body: errorResponse(null, -32600, 'Invalid request: the batch is empty.') }
  }
  if (items.length > maxBatch) {
    return {
      body: errorResponse(
        null,
        -32600,
        `Invalid request: a batch may hold at most ${maxBatch} requests; this one holds ${items.length}.`,
      ),
    }
  }
  await parameters.countItems?.(items.length)
  const fetchImpl = parameters.fetch ?? fetch
  const plan = items.map((item, index) =>
    planItem(item, index, {
      allowedMethods,
      chain,
      bundlerUrl: parameters.bundlerUrl,
      localMethods: parameters.localMethods,
    }),
  )
  if (parameters.maxLogsBlockSpan !== undefined && !chain.caipNetworkId.startsWith('solana:')) {
    await boundLogRanges(plan, parameters.maxLogsBlockSpan, () => readHead(chain, timeoutMs, fetchImpl))
  }
  const forwardsTo = (target: 'node' | 'bundler') =>
    plan.flatMap((item) => (item.forward && item.target === target ? [item.forward] : []))
  const nodeForwards = forwardsTo('node')
  const answers: Map<number, { result?: unknown; error?: unknown }> =
    nodeForwards.length > 0
      ? await callUpstream(nodeOf(chain), nodeForwards, timeoutMs, fetchImpl)
      : new Map()
  if (parameters.bundlerUrl) {
    const bundler = { url: parameters.bundlerUrl, label: `The ERC-4337 bundler of ${chain.caipNetworkId}` }
    // One request each: bundlers (alto among them) do not take JSON-RPC batches.
    await Promise.all(
      plan.map(async (item) => {
        if (item.target !== 'bundler' || !item.forward) return
        try {
          const answer = (
            await callUpstream(bundler, [item.forward], timeoutMs, fetchImpl, { single: true })
          ).get(item.forward.id)
          if (answer) answers.set(item.forward.id, answer)
        } catch (error) {
          if (!(error instanceof ApiRefusal)) throw error
          // The node's answers still stand; this item says the bundler is out, and that nothing
          // was sent, so the wallet can retry or fall back without losing anything.
          item.refusal = {
            jsonrpc: '2.0',
            id: item.id,
            error: {
              code: BUNDLER_UNAVAILABLE_CODE,
              message: `${error.message.replace(/ Try again later\.$/, '')}: the user operation was not sent. Try again later.`,
              data: { code: 'BUNDLER_UNAVAILABLE', status: 502 },
            },
          }
          delete item.forward
        }
      }),
    )
  }
  // The server's own methods, one after another: a paymaster's budget counts them in order.
  const localAnswers = new Map<PlannedItem, JsonRpcResponse>()
  for (const item of plan) {
    if (!item.local) continue
    try {
      const result = await item.local.handler(item.local.params)
      localAnswers.set(item, { jsonrpc: '2.0', id: item.id, result: result ?? null })
    } catch (error) {
      if (!(error instanceof JsonRpcError)) throw error
      localAnswers.set(item, { jsonrpc: '2.0', id: item.id, error: error.toError() })
    }
  }

  const responses: JsonRpcResponse[] = []
  for (const item of plan) {
    if (!item.answered) continue
    if (item.refusal) {
      responses.push(item.refusal)
      continue
    }
    const localAnswer = localAnswers.get(item)
    if (localAnswer) {
      responses.push(localAnswer)
      continue
    }
    const answer = item.forward ? answers.get(item.forward.id) : undefined
    if (!answer) {
      responses.push(errorResponse(item.id, -32603, 'The RPC node gave no answer to this request.'))
    } else if ('error' in answer && answer.error !== undefined) {
      responses.push({ jsonrpc: '2.0', id: item.id, error: answer.error as JsonRpcErrorBody })
    } else {
      responses.push({ jsonrpc: '2.0', id: item.id, result: answer.result ?? null })
    }
  }
  if (responses.length === 0) return { body: undefined }
  return { body: isBatch ? responses : responses[0] }
}
