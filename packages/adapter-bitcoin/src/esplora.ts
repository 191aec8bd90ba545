import type { Network } from '@portico/core'
import { BitcoinApiError, BitcoinApiNotConfiguredError } from './errors.js'
import { getEsploraUrl } from './networks.js'

/** An unspent output as Esplora's `/address/:a/utxo` lists it. */
export interface EsploraUtxo {
  txid: string
  vout: number
  value: bigint
  confirmed: boolean
}

/** An address's balance: confirmed (in blocks) and unconfirmed (the mempool's change to it). */
export interface BitcoinAddressBalance {
  confirmed: bigint
  unconfirmed: bigint
}

/** A transaction of an address's history, as Esplora's `/address/:a/txs` describes it. */
export interface EsploraTransaction {
  txid: string
  confirmed: boolean
  blockHeight: number | undefined
  blockTime: number | undefined
  fee: bigint
  /** What the address received minus what it spent in this transaction, in sats. */
  delta: bigint
}

export interface EsploraClient {
  getBalance(address: string): Promise<BitcoinAddressBalance>
  getUtxos(address: string): Promise<EsploraUtxo[]>
  getTransactions(address: string): Promise<EsploraTransaction[]>
  /** Esplora's `/fee-estimates`: sat/vB by confirmation target in blocks; empty on regtest. */
  getFeeEstimates(): Promise<Map<number, number>>
  /** Whether the transaction is in a block; undefined when the API does not know it (yet). */
  getTransactionStatus(txid: string): Promise<{ confirmed: boolean } | undefined>
  /** Broadcasts a raw transaction (hex); answers its txid. */
  broadcast(hex: string): Promise<string>
}

const TXID = /^[0-9a-f]{64}$/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A whole number of sats as a bigint; rejects what Esplora would never answer. */
function sats(value: unknown, field: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new BitcoinApiError('The Bitcoin API answered an unexpected value.', { details: field })
  return BigInt(value)
}

export interface CreateEsploraClientParameters {
  network: Network
  requestTimeoutMs: number
  fetch?: typeof fetch | undefined
}

/** A client of the network's Esplora-compatible API; throws when the site named none. */
export function createEsploraClient(parameters: CreateEsploraClientParameters): EsploraClient {
  const base = getEsploraUrl(parameters.network)
  if (!base) throw new BitcoinApiNotConfiguredError({ details: parameters.network.caipNetworkId })
  const doFetch = parameters.fetch ?? globalThis.fetch.bind(globalThis)

  const send = async (path: string, init?: RequestInit): Promise<Response> => {
    let response: Response
    try {
      response = await doFetch(joinUrl(base, path), {
        ...init,
        signal: AbortSignal.timeout(parameters.requestTimeoutMs),
      })
    } catch (error) {
      throw new BitcoinApiError('The Bitcoin API could not be reached.', { cause: error, details: path })
    }
    return response
  }
  const getJson = async (path: string, allowNotFound = false): Promise<unknown> => {
    const response = await send(path)
    if (allowNotFound && response.status === 404) return undefined
    if (!response.ok)
      throw new BitcoinApiError('The Bitcoin API answered with an error.', {
        status: response.status,
        details: `${path}: ${response.status} ${(await response.text().catch(() => '')).slice(0, 200)}`,
      })
    try {
      return await response.json()
    } catch (error) {
      throw new BitcoinApiError('The Bitcoin API answered something that is not JSON.', {
        cause: error,
        details: path,
      })
    }
  }
  const address = (value: string) => `/address/${encodeURIComponent(value)}`

  return {
    async getBalance(value) {
      const body = await getJson(address(value))
      if (!isRecord(body) || !isRecord(body.chain_stats) || !isRecord(body.mempool_stats))
        throw new BitcoinApiError('The Bitcoin API answered an unexpected address.', { details: value })
      const chain = body.chain_stats
      const mempool = body.mempool_stats
      return {
        confirmed:
          sats(chain.funded_txo_sum, 'chain_stats.funded_txo_sum') -
          sats(chain.spent_txo_sum, 'chain_stats.spent_txo_sum'),
        unconfirmed:
          sats(mempool.funded_txo_sum, 'mempool_stats.funded_txo_sum') -
          sats(mempool.spent_txo_sum, 'mempool_stats.spent_txo_sum'),
      }
    },

    async getUtxos(value) {
      const body = await getJson(`${address(value)}/utxo`)
      if (!Array.isArray(body)) throw new BitcoinApiError('The Bitcoin API answered an unexpected UTXO list.')
      return body.map((utxo: unknown) => {
        if (
          !isRecord(utxo) ||
          typeof utxo.txid !== 'string' ||
          !TXID.test(utxo.txid) ||
          typeof utxo.vout !== 'number' ||
          !Number.isSafeInteger(utxo.vout) ||
          utxo.vout < 0
        )
          throw new BitcoinApiError('The Bitcoin API answered an unexpected UTXO.')
        return {
          txid: utxo.txid,
          vout: utxo.vout,
          value: sats(utxo.value, 'utxo.value'),
          confirmed: isRecord(utxo.status) && utxo.status.confirmed === true,
        }
      })
    },

    async getTransactions(value) {
      const body = await getJson(`${address(value)}/txs`)
      if (!Array.isArray(body)) throw new BitcoinApiError('The Bitcoin API answered an unexpected history.')
      return body.filter(isRecord).map((tx) => {
        const status = isRecord(tx.status) ? tx.status : {}
        let delta = 0n
        for (const output of Array.isArray(tx.vout) ? tx.vout : [])
          if (isRecord(output) && output.scriptpubkey_address === value)
            delta += sats(output.value, 'vout.value')
        for (const input of Array.isArray(tx.vin) ? tx.vin : []) {
          const prevout = isRecord(input) && isRecord(input.prevout) ? input.prevout : undefined
          if (prevout?.scriptpubkey_address === value) delta -= sats(prevout.value, 'prevout.value')
        }
        return {
          txid: String(tx.txid),
          confirmed: status.confirmed === true,
          blockHeight: typeof status.block_height === 'number' ? status.block_height : undefined,
          blockTime: typeof status.block_time === 'number' ? status.block_time : undefined,
          fee: typeof tx.fee === 'number' ? sats(tx.fee, 'fee') : 0n,
          delta,
        }
      })
    },

    async getFeeEstimates() {
      const body = await getJson('/fee-estimates')
      const estimates = new Map<number, number>()
      if (!isRecord(body)) return estimates
      for (const [target, rate] of Object.entries(body)) {
        const blocks = Number(target)
        if (
          Number.isSafeInteger(blocks) &&
          blocks > 0 &&
          typeof rate === 'number' &&
          Number.isFinite(rate) &&
          rate > 0
        )
          estimates.set(blocks, rate)
      }
      return estimates
    },

    async getTransactionStatus(txid) {
      if (!TXID.test(txid)) throw new BitcoinApiError('Not a transaction id.', { details: txid })
      const body = await getJson(`/tx/${txid}/status`, true)
      if (body === undefined) return undefined
      if (!isRecord(body)) throw new BitcoinApiError('The Bitcoin API answered an unexpected status.')
      return { confirmed: body.confirmed === true }
    },

    async broadcast(hex) {
      const response = await send('/tx', {
        method: 'POST',
        body: hex,
        headers: { 'content-type': 'text/plain' },
      })
      const text = (await response.text().catch(() => '')).trim()
      if (!response.ok)
        throw new BitcoinApiError(refusalReason(text) || `HTTP ${response.status}`, {
          status: response.status,
          details: text.slice(0, 500),
        })
      if (!TXID.test(text))
        throw new BitcoinApiError('The Bitcoin API answered an unexpected transaction id.', { details: text })
      return text
    },
  }
}

/**
 * `path` under the API base, keeping the base's query string (a Portico server's `?projectId=`)
 * after it.
 */
export function joinUrl(base: string, path: string): string {
  const url = new URL(base)
  const [pathname, query] = path.split('?') as [string, string | undefined]
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${pathname}`
  if (query) for (const [key, value] of new URLSearchParams(query)) url.searchParams.set(key, value)
  return url.toString()
}

/**
 * Why a broadcast was refused: Esplora answers the node's reason as text, a Portico server as JSON
 * (`{ error: { code, message, reason } }`).
 */
function refusalReason(text: string): string {
  try {
    const body: unknown = JSON.parse(text)
    const error = isRecord(body) && isRecord(body.error) ? body.error : undefined
    const reason = error?.reason ?? error?.message
    if (typeof reason === 'string' && reason.length > 0) return reason
  } catch {}
  return text.slice(0, 200)
}
