/**
 * An Esplora (Blockstream's electrs, mempool.space's or a site's own) as a `bip122:` chain's upstream:
 * requests are passed through, and answers are checked to have Esplora's shape before they are
 * returned, so a broken or hostile upstream cannot make the server answer something else.
 */
import {
  type BitcoinBackend,
  BitcoinUpstreamError,
  parseUpstreamJson,
  TransactionRefusedError,
  upstreamRequest,
} from './bitcoinBackend.js'
import type { EsploraAddress, EsploraFeeEstimates, EsploraStatus, EsploraTx, EsploraUtxo } from './esplora.js'

export interface EsploraBackendOptions {
  url: string
  timeoutMs: number
  fetch: typeof fetch
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
const isStats = (value: unknown) =>
  isRecord(value) &&
  ['funded_txo_count', 'funded_txo_sum', 'spent_txo_count', 'spent_txo_sum', 'tx_count'].every((key) =>
    isCount(value[key]),
  )
const isStatus = (value: unknown): value is EsploraStatus =>
  isRecord(value) && typeof value.confirmed === 'boolean'
const isTx = (value: unknown): value is EsploraTx =>
  isRecord(value) &&
  typeof value.txid === 'string' &&
  /^[0-9a-f]{64}$/.test(value.txid) &&
  Array.isArray(value.vin) &&
  Array.isArray(value.vout) &&
  isStatus(value.status)
const isUtxo = (value: unknown): value is EsploraUtxo =>
  isRecord(value) &&
  typeof value.txid === 'string' &&
  isCount(value.vout) &&
  isCount(value.value) &&
  isStatus(value.status)

export function createEsploraBackend(options: EsploraBackendOptions): BitcoinBackend {
  // The routes go after the URL's path and before its query: another Portico server's
  // `/v1/bitcoin/<caip2>?projectId=…` is an Esplora-compatible upstream too.
  const base = new URL(options.url)
  const what = 'The upstream Esplora'
  const urlOf = (path: string) => {
    const url = new URL(base)
    url.pathname = `${base.pathname.replace(/\/+$/, '')}${path}`
    return url.toString()
  }

  const request = (path: string, init: RequestInit = { method: 'GET' }) =>
    upstreamRequest(options.fetch, urlOf(path), init, options.timeoutMs, what)

  /** A JSON answer checked by `check`; `undefined` on 404 when `missingOk`. */
  async function getJson<T>(path: string, check: (value: unknown) => value is T): Promise<T>
  async function getJson<T>(
    path: string,
    check: (value: unknown) => value is T,
    missingOk: true,
  ): Promise<T | undefined>
  async function getJson<T>(path: string, check: (value: unknown) => value is T, missingOk = false) {
    const answer = await request(path)
    if (missingOk && answer.status === 404) return undefined
    if (answer.status !== 200) {
      throw new BitcoinUpstreamError('bad-answer', `${what} answered HTTP ${answer.status}.`)
    }
    const value = parseUpstreamJson(answer.text, what)
    if (!check(value))
      throw new BitcoinUpstreamError('bad-answer', `${what} answered in an unexpected shape.`)
    return value
  }

  const isAddressAnswer = (value: unknown): value is EsploraAddress =>
    isRecord(value) && isStats(value.chain_stats) && isStats(value.mempool_stats)
  const isTxList = (value: unknown): value is EsploraTx[] => Array.isArray(value) && value.every(isTx)
  const isUtxoList = (value: unknown): value is EsploraUtxo[] => Array.isArray(value) && value.every(isUtxo)
  const isFees = (value: unknown): value is EsploraFeeEstimates =>
    isRecord(value) &&
    Object.entries(value).every(([key, rate]) => /^\d+$/.test(key) && typeof rate === 'number' && rate >= 0)

  return {
    async address(address) {
      const answer = await getJson(`/address/${address}`, isAddressAnswer)
      return { address, chain_stats: answer.chain_stats, mempool_stats: answer.mempool_stats }
    },
    async utxo(address) {
      return getJson(`/address/${address}/utxo`, isUtxoList)
    },
    async txs(address, _script, afterTxid) {
      const path = afterTxid ? `/address/${address}/txs/chain/${afterTxid}` : `/address/${address}/txs`
      return getJson(path, isTxList)
    },
    tx: (txid) => getJson(`/tx/${txid}`, isTx, true),
    txStatus: (txid) => getJson(`/tx/${txid}/status`, isStatus, true),
    async broadcast(hex) {
      const answer = await request('/tx', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: hex,
      })
      if (answer.status === 400) {
        // Esplora relays bitcoind's refusal as text: `sendrawtransaction RPC error: {"code":-26,"message":"…"}`.
        const match = /\{.*\}/s.exec(answer.text)
        const parsed = match
          ? (JSON.parse(safeJson(match[0])) as {
              code?: unknown
              message?: unknown
              error?: { reason?: unknown }
            })
          : {}
        // A Portico server upstream answers `{ error: { code: 'TX_REJECTED', message, reason } }`: its
        // node's reason is passed on, not its whole answer.
        const inner = typeof parsed.error?.reason === 'string' ? { message: parsed.error.reason } : parsed
        const reason = typeof inner.message === 'string' ? inner.message : answer.text.slice(0, 300)
        throw new TransactionRefusedError(reason, typeof inner.code === 'number' ? inner.code : undefined)
      }
      const txid = answer.text.trim()
      if (answer.status !== 200 || !/^[0-9a-f]{64}$/.test(txid)) {
        throw new BitcoinUpstreamError(
          'bad-answer',
          `${what} answered the broadcast with HTTP ${answer.status}.`,
        )
      }
      return txid
    },
    feeEstimates: () => getJson('/fee-estimates', isFees),
    async tipHeight() {
      const answer = await request('/blocks/tip/height')
      const height = Number(answer.text.trim())
      if (answer.status !== 200 || !Number.isSafeInteger(height) || height < 0) {
        throw new BitcoinUpstreamError(
          'bad-answer',
          `${what} answered the tip height with HTTP ${answer.status}.`,
        )
      }
      return height
    },
  }
}

function safeJson(text: string): string {
  try {
    JSON.parse(text)
    return text
  } catch {
    return '{}'
  }
}
