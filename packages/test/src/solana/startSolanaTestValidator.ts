import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Address } from '@solana/kit'
import type { LiteSVM } from 'litesvm'
import { RPC_ERROR, SolanaRpcError, stringifyJson } from './jsonRpc.js'
import { RPC_METHODS } from './rpcMethods.js'
import { SolanaLedger } from './solanaLedger.js'
import { describeTransactionError } from './transactionErrors.js'

export interface StartSolanaTestValidatorOptions {
  /** The port to listen on, on 127.0.0.1; a free one is picked when omitted. */
  port?: number
}

export interface SolanaTestValidator {
  /** The JSON-RPC endpoint, `http://127.0.0.1:<port>/`. */
  url: string
  /**
   * The LiteSVM instance behind the server, for setting up state (programs, accounts) directly.
   * Transactions sent straight to it do not enter the server's history; signature verification and
   * the blockhash check are the server's to toggle.
   */
  svm: LiteSVM
  /** Sends lamports from the validator's faucet in a real transfer; resolves with its base58 signature. */
  airdrop(address: Address | string, lamports: bigint): Promise<string>
  /** Stops the server and waits until its connections are closed. */
  close(): Promise<void>
}

/** Thrown by {@link SolanaTestValidator.airdrop} when the faucet's transfer does not land. */
export class SolanaAirdropError extends Error {
  override name = 'SolanaAirdropError'
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`The airdrop to ${address} failed: ${reason}.`)
  }
}

const MAX_BODY_BYTES = 10 * 1024 * 1024
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'content-type, solana-client',
  'access-control-max-age': '600',
  // Chromium asks before a public page reaches 127.0.0.1 (Private Network Access).
  'access-control-allow-private-network': 'true',
}

/**
 * Starts a Solana JSON-RPC 2.0 server over an in-process LiteSVM (a real SVM: real programs, real
 * signature checks, real fees), on 127.0.0.1 with CORS for browser pages. Each committed transaction
 * takes one slot (block height equals slot); a blockhash is accepted for 150 blocks; everything
 * committed is final at once. Batches are answered in order. Numbers are u64-exact JSON, as
 * `@solana/kit`'s `createSolanaRpc` and `@solana/web3.js` read them.
 *
 * | Method | Params | Answer |
 * | --- | --- | --- |
 * | getHealth | – | `"ok"` (also `GET /health`) |
 * | getVersion | – | `{ "solana-core", "feature-set" }` (nominal version) |
 * | getGenesisHash | – | the ledger's first blockhash |
 * | getSlot, getBlockHeight | `{ commitment?, minContextSlot? }` | the current slot |
 * | getTransactionCount | `{ commitment?, minContextSlot? }` | committed transactions so far |
 * | getEpochInfo | `{ commitment?, minContextSlot? }` | `{ absoluteSlot, blockHeight, epoch, slotIndex, slotsInEpoch, transactionCount }` |
 * | getBalance | `address, { commitment?, minContextSlot? }` | `{ context, value: lamports }` |
 * | getLatestBlockhash | `{ commitment?, minContextSlot? }` | `{ context, value: { blockhash, lastValidBlockHeight } }` |
 * | isBlockhashValid | `blockhash, config?` | `{ context, value: boolean }` |
 * | getMinimumBalanceForRentExemption | `dataLength, config?` | lamports |
 * | getAccountInfo | `address, { encoding?: base58 \| base64 \| jsonParsed, dataSlice? }` | `{ context, value: UiAccount \| null }`; jsonParsed decodes SPL Token accounts and mints, other data falls back to base64; no encoding gives the legacy bare base58 string |
 * | getMultipleAccounts | `addresses (≤ 100), config?` | `{ context, value: (UiAccount \| null)[] }` |
 * | getTokenAccountsByOwner | `owner, { mint } \| { programId }, config?` | `{ context, value: { pubkey, account }[] }` |
 * | getTokenAccountBalance | `tokenAccount, config?` | `{ context, value: UiTokenAmount }` |
 * | getFeeForMessage | `base64 message, config?` | `{ context, value: lamports \| null }` (5000 per signature plus the compute-budget priority fee; null for a stale blockhash) |
 * | requestAirdrop | `address, lamports, config?` | base58 signature of the faucet's transfer |
 * | sendTransaction | `wire tx, { encoding?: base58 (default) \| base64, skipPreflight?, preflightCommitment?, maxRetries?, minContextSlot? }` | base58 signature. Signatures are always verified (-32003); unless skipPreflight, a failing simulation answers -32002 "Transaction simulation failed: …" with `{ err, logs, unitsConsumed, … }` as data; with skipPreflight a transaction failing on chain is committed with its error (fee charged), one failing to load is dropped. maxRetries is checked but moot: execution is immediate |
 * | simulateTransaction | `wire tx, { encoding?, sigVerify?, replaceRecentBlockhash?, accounts?: { addresses, encoding? }, innerInstructions?, minContextSlot? }` | `{ context, value: { err, logs, accounts, unitsConsumed, returnData, innerInstructions, replacementBlockhash } }` |
 * | getSignatureStatuses | `signatures (≤ 256), { searchTransactionHistory? }` | `{ context, value: ({ slot, confirmations: null, err, status, confirmationStatus: "finalized" } \| null)[] }` |
 * | getSignaturesForAddress | `address, { limit? (≤ 1000), before?, until?, minContextSlot? }` | newest first: `{ signature, slot, err, memo, blockTime, confirmationStatus }[]` |
 * | getTransaction | `signature, { encoding?: json \| jsonParsed \| base64 \| base58, maxSupportedTransactionVersion? }` | `{ slot, blockTime, transaction, meta, version? }` or null; a v0 transaction without maxSupportedTransactionVersion answers -32015; jsonParsed lists account keys with signer/writable/source and leaves instructions undecoded |
 *
 * Errors use a validator's codes: -32700 parse error, -32600 invalid request, -32601 unknown method,
 * -32602 invalid params, -32016 minContextSlot not reached.
 * @example
 * const validator = await startSolanaTestValidator()
 * const rpc = createSolanaRpc(validator.url)
 * await validator.airdrop(address, 2_000_000_000n)
 * afterAll(() => validator.close())
 */
export async function startSolanaTestValidator(
  options: StartSolanaTestValidatorOptions = {},
): Promise<SolanaTestValidator> {
  const ledger = await SolanaLedger.create()
  // LiteSVM is synchronous but signature checks are not: one request at a time keeps slots in order.
  let queue: Promise<unknown> = Promise.resolve()
  const serialize = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }

  const server = createServer((request, response) => {
    handleHttp(request, response, (body) => serialize(() => answer(ledger, body))).catch((error) => {
      if (!response.headersSent) send(response, 500, { error: String(error) })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/`,
    svm: ledger.svm,
    airdrop: (address, lamports) =>
      serialize(async () => {
        const outcome = await ledger.airdrop(address as Address, lamports)
        if (!outcome.committed) throw new SolanaAirdropError(address, describeTransactionError(outcome.err))
        if (outcome.entry.err !== null)
          throw new SolanaAirdropError(address, describeTransactionError(outcome.entry.err))
        return outcome.entry.decoded.signature
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

async function handleHttp(
  request: IncomingMessage,
  response: ServerResponse,
  serve: (body: string) => Promise<unknown>,
): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end()
    return
  }
  if (request.method === 'GET' && request.url?.split('?')[0] === '/health') {
    response.writeHead(200, { ...CORS_HEADERS, 'content-type': 'text/plain' }).end('ok')
    return
  }
  if (request.method !== 'POST') {
    response.writeHead(405, { ...CORS_HEADERS, allow: 'POST, GET, OPTIONS' }).end()
    return
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) {
      response.writeHead(413, CORS_HEADERS).end()
      return
    }
    chunks.push(chunk as Buffer)
  }
  const reply = await serve(Buffer.concat(chunks).toString('utf8'))
  // A batch of notifications only has no reply at all.
  if (reply === undefined) response.writeHead(204, CORS_HEADERS).end()
  else send(response, 200, reply)
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': 'application/json' }).end(stringifyJson(body))
}

/** Answers one HTTP body: a single request or a batch, per JSON-RPC 2.0. */
async function answer(ledger: SolanaLedger, body: string): Promise<unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return errorReply(null, new SolanaRpcError(RPC_ERROR.parseError, 'Parse error'))
  }
  if (!Array.isArray(parsed)) return answerOne(ledger, parsed)
  if (parsed.length === 0)
    return errorReply(null, new SolanaRpcError(RPC_ERROR.invalidRequest, 'Invalid request'))
  const replies: unknown[] = []
  for (const item of parsed) {
    const reply = await answerOne(ledger, item)
    if (reply !== undefined) replies.push(reply)
  }
  return replies.length === 0 ? undefined : replies
}

async function answerOne(ledger: SolanaLedger, request: unknown): Promise<unknown> {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return errorReply(null, new SolanaRpcError(RPC_ERROR.invalidRequest, 'Invalid request'))
  const { jsonrpc, method, params, id } = request as Record<string, unknown>
  const replyId = typeof id === 'string' || typeof id === 'number' ? id : null
  if (jsonrpc !== '2.0' || typeof method !== 'string')
    return errorReply(replyId, new SolanaRpcError(RPC_ERROR.invalidRequest, 'Invalid request'))
  const isNotification = !('id' in request)
  const handler = Object.hasOwn(RPC_METHODS, method) ? RPC_METHODS[method] : undefined
  let reply: unknown
  if (!handler) {
    reply = errorReply(replyId, new SolanaRpcError(RPC_ERROR.methodNotFound, 'Method not found'))
  } else if (params !== undefined && params !== null && !Array.isArray(params)) {
    reply = errorReply(
      replyId,
      new SolanaRpcError(RPC_ERROR.invalidParams, 'Invalid params: expected an array.'),
    )
  } else {
    try {
      const result = await handler(ledger, (params as unknown[] | undefined) ?? [])
      reply = { jsonrpc: '2.0', result, id: replyId }
    } catch (error) {
      reply = errorReply(
        replyId,
        error instanceof SolanaRpcError
          ? error
          : new SolanaRpcError(RPC_ERROR.internal, `Internal error: ${(error as Error).message}`),
      )
    }
  }
  return isNotification ? undefined : reply
}

function errorReply(id: string | number | null, error: SolanaRpcError) {
  return {
    jsonrpc: '2.0',
    error: {
      code: error.code,
      message: error.message,
      ...(error.data === undefined ? {} : { data: error.data }),
    },
    id,
  }
}
