/**
 * A small Solana JSON-RPC client for the portfolio and the activity: one HTTP request per batch,
 * answers in request order, u64 numbers kept exact. The server reads only; it never signs or sends.
 */
import { BaseError } from '@portico/core/errors'
import type { ChainConfig } from '../config.js'
import { UpstreamError } from './errors.js'

/** SPEC §9: HTTP default timeout 10000 ms. */
export const SOLANA_RPC_TIMEOUT_MS = 10_000

/** The SPL Token program. */
export const TOKEN_PROGRAM_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
/** The SPL Token-2022 program. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'

/** A JSON-RPC error a Solana node answered to one request of a batch. */
export class SolanaRpcError extends BaseError {
  override name = 'SolanaRpcError' as const
  declare readonly code: number

  constructor(method: string, code: number, message: string) {
    super(`${method} answered ${code}: ${message}`, { code })
  }
}
export type SolanaRpcErrorType = SolanaRpcError & { name: 'SolanaRpcError' }

/** One call of a batch. */
export interface SolanaRpcCall {
  method: string
  params: unknown[]
}

/** The answer to one call: its result, or the node's error for it. */
export type SolanaRpcAnswer = { ok: true; result: unknown } | { ok: false; error: SolanaRpcError }

export interface CallSolanaRpcParameters {
  chain: ChainConfig
  calls: readonly SolanaRpcCall[]
  /** What the calls are for, for the error message (`reading balances`). */
  action: string
  fetch?: typeof fetch
  timeoutMs?: number
}

/**
 * Sends `calls` as one JSON-RPC batch to the chain's node and returns an answer per call, in order.
 * Throws `UpstreamError` when the node cannot be reached, times out, or answers something that is
 * not a JSON-RPC batch answer; an error answered for one call is returned, not thrown.
 * @example
 * const [balance] = await callSolanaRpc({ chain, action: 'reading balances', calls: [{ method: 'getBalance', params: [owner] }] })
 */
export async function callSolanaRpc(parameters: CallSolanaRpcParameters): Promise<SolanaRpcAnswer[]> {
  const { chain, calls, action } = parameters
  const timeoutMs = parameters.timeoutMs ?? SOLANA_RPC_TIMEOUT_MS
  if (calls.length === 0) return []
  const fail = (cause: Error): never => {
    throw new UpstreamError({ chainId: chain.caipNetworkId, action, cause })
  }
  let text = ''
  try {
    const response = await (parameters.fetch ?? fetch)(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
      signal: AbortSignal.timeout(timeoutMs),
    })
    text = await response.text()
    if (!response.ok) fail(new Error(`it answered HTTP ${response.status}`))
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    const name = (error as Error).name
    fail(
      new Error(
        name === 'TimeoutError' || name === 'AbortError'
          ? `it did not answer within ${timeoutMs} ms`
          : 'it could not be reached',
      ),
    )
  }
  let parsed: unknown
  try {
    parsed = parseJsonKeepingIntegers(text)
  } catch {
    return fail(new Error('it answered something that is not JSON'))
  }
  // A node answers a batch with an array; some answer a batch of one with a single object.
  const items = Array.isArray(parsed) ? parsed : [parsed]
  const byId = new Map<number, Record<string, unknown>>()
  for (const item of items) {
    if (typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number') {
      byId.set((item as { id: number }).id, item as Record<string, unknown>)
    }
  }
  return calls.map((call, id) => {
    const item = byId.get(id)
    if (!item) return fail(new Error(`it gave no answer to ${call.method}`))
    const error = item.error as { code?: unknown; message?: unknown } | undefined
    if (error !== undefined && error !== null) {
      return {
        ok: false,
        error: new SolanaRpcError(
          call.method,
          typeof error.code === 'number' ? error.code : 0,
          typeof error.message === 'string' ? error.message : 'an error without a message',
        ),
      }
    }
    if (!('result' in item)) return fail(new Error(`its answer to ${call.method} is not JSON-RPC`))
    return { ok: true, result: item.result }
  })
}

/** The result of an answer, or `UpstreamError` naming the chain and the node's error. */
export function resultOf(chain: ChainConfig, action: string, answer: SolanaRpcAnswer | undefined): unknown {
  if (!answer) throw new UpstreamError({ chainId: chain.caipNetworkId, action })
  if (!answer.ok) throw new UpstreamError({ chainId: chain.caipNetworkId, action, cause: answer.error })
  return answer.result
}

/** A u64 the node wrote as a JSON number (exact when long, see `parseJsonKeepingIntegers`), as a bigint. */
export function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  return undefined
}

/**
 * `JSON.parse`, except that integers too long to be exact as a double (lamports above 2^53, u64
 * maxima) come back as decimal strings instead of being rounded. Solana nodes write u64 values as
 * bare JSON numbers, and Node 20's JSON.parse gives no access to a number's source text.
 */
export function parseJsonKeepingIntegers(text: string): unknown {
  let quoted = ''
  let from = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (inString) {
      if (character === '\\') index++
      else if (character === '"') inString = false
      continue
    }
    if (character === '"') {
      inString = true
      continue
    }
    if (character !== '-' && (character === undefined || character < '0' || character > '9')) continue
    let end = index + 1
    while (end < text.length && /[0-9.eE+-]/.test(text[end] as string)) end++
    const literal = text.slice(index, end)
    if (/^-?\d{16,}$/.test(literal)) {
      quoted += `${text.slice(from, index)}"${literal}"`
      from = end
    }
    index = end - 1
  }
  return JSON.parse(quoted + text.slice(from))
}
