import type { EsploraAddress, EsploraFeeEstimates, EsploraStatus, EsploraTx, EsploraUtxo } from './esplora.js'

/**
 * Where a `bip122:` chain's answers come from: a bcoin node (its own REST and RPC, translated) or an
 * Esplora (passed through once checked). Both answer in Esplora's shapes.
 */
export interface BitcoinBackend {
  /** `script` is the address's output script, already checked against the chain's network. */
  address(address: string, script: Uint8Array): Promise<EsploraAddress>
  utxo(address: string, script: Uint8Array): Promise<EsploraUtxo[]>
  /** Newest first: up to 50 unconfirmed then 25 confirmed, or the 25 confirmed after `afterTxid`. */
  txs(address: string, script: Uint8Array, afterTxid?: string): Promise<EsploraTx[]>
  /** `undefined` when the upstream does not know the transaction. */
  tx(txid: string): Promise<EsploraTx | undefined>
  txStatus(txid: string): Promise<EsploraStatus | undefined>
  /** Broadcasts raw hex and returns the txid; throws `TransactionRefusedError` when refused. */
  broadcast(hex: string): Promise<string>
  feeEstimates(): Promise<EsploraFeeEstimates>
  tipHeight(): Promise<number>
}

/** The upstream refused a transaction: its reason (`txn-mempool-conflict`, …) and RPC code when it gave one. */
export class TransactionRefusedError extends Error {
  override readonly name = 'TransactionRefusedError' as const
  readonly reason: string
  readonly rpcCode: number | undefined
  constructor(reason: string, rpcCode?: number) {
    super(`The node refused the transaction: ${reason}${rpcCode === undefined ? '' : ` (${rpcCode})`}.`)
    this.reason = reason
    this.rpcCode = rpcCode
  }
}

/** The upstream cannot answer for this kind of address (bcoin 1.0.2 and taproot). */
export class UnsupportedAddressError extends Error {
  override readonly name = 'UnsupportedAddressError' as const
}

/** The upstream did not answer in time, could not be reached, or answered something unusable. */
export class BitcoinUpstreamError extends Error {
  override readonly name = 'BitcoinUpstreamError' as const
  readonly kind: 'timeout' | 'unreachable' | 'bad-answer'
  constructor(kind: 'timeout' | 'unreachable' | 'bad-answer', message: string) {
    super(message)
    this.kind = kind
  }
}

/** The most an upstream answer may hold; more is refused rather than buffered. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024

export interface UpstreamAnswer {
  status: number
  text: string
}

/** One bounded request to an upstream: a timeout, a size cap, and errors that say which failed. */
export async function upstreamRequest(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  what: string,
): Promise<UpstreamAnswer> {
  const signal = AbortSignal.timeout(timeoutMs)
  try {
    const response = await fetchImpl(url, { ...init, signal, redirect: 'error' })
    const length = Number(response.headers.get('content-length') ?? 0)
    if (length > MAX_ANSWER_BYTES) {
      await response.body?.cancel()
      throw new BitcoinUpstreamError('bad-answer', `${what} answered more than ${MAX_ANSWER_BYTES} bytes.`)
    }
    const reader = response.body?.getReader()
    const chunks: Uint8Array[] = []
    let total = 0
    while (reader) {
      const { done, value } = await reader.read()
      if (done) break
      total += value.byteLength
      if (total > MAX_ANSWER_BYTES) {
        await reader.cancel()
        throw new BitcoinUpstreamError('bad-answer', `${what} answered more than ${MAX_ANSWER_BYTES} bytes.`)
      }
      chunks.push(value)
    }
    return { status: response.status, text: Buffer.concat(chunks).toString('utf8') }
  } catch (error) {
    if (error instanceof BitcoinUpstreamError) throw error
    if (signal.aborted) {
      throw new BitcoinUpstreamError('timeout', `${what} did not answer within ${timeoutMs} ms.`)
    }
    throw new BitcoinUpstreamError('unreachable', `${what} could not be reached.`)
  }
}

/** Parses an upstream's JSON, or says which upstream answered something else. */
export function parseUpstreamJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    throw new BitcoinUpstreamError('bad-answer', `${what} answered something that is not JSON.`)
  }
}
