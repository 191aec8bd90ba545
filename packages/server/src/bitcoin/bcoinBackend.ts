/**
 * A bcoin node (1.0.x, with `indexTX` and `indexAddress`) as a `bip122:` chain's upstream: its own
 * REST API (`/tx/address/:a`, `/tx/:id`) and JSON-RPC, translated into Esplora's answers. What the
 * tests and the demo run; production points at an Esplora instead.
 */
import {
  type BitcoinNetworkKind,
  outputScriptToAddress,
  scriptToAsm,
  scriptType,
  toHex,
  witnessVersion,
} from './bitcoinAddress.js'
import {
  type BitcoinBackend,
  BitcoinUpstreamError,
  parseUpstreamJson,
  TransactionRefusedError,
  UnsupportedAddressError,
  upstreamRequest,
} from './bitcoinBackend.js'
import {
  CHAIN_TXS_PER_PAGE,
  type EsploraFeeEstimates,
  type EsploraStats,
  type EsploraStatus,
  type EsploraTx,
  type EsploraUtxo,
  type EsploraVout,
  FEE_TARGETS,
  MEMPOOL_TXS_PER_PAGE,
} from './esplora.js'
import { parseRawTransaction, RawTransactionError } from './rawTransaction.js'

/** The parts of bcoin's transaction JSON (`TXMeta#getJSON`) that are read. */
interface BcoinTxJson {
  hash: string
  fee?: number
  height: number
  block: string | null
  time: number
  index: number
  inputs: { coin?: { value: number; script: string } | null }[]
  hex: string
}

function isBcoinTx(value: unknown): value is BcoinTxJson {
  if (typeof value !== 'object' || value === null) return false
  const tx = value as Record<string, unknown>
  return (
    typeof tx.hash === 'string' &&
    typeof tx.hex === 'string' &&
    typeof tx.height === 'number' &&
    Array.isArray(tx.inputs)
  )
}

interface Translated {
  tx: EsploraTx
  height: number
  index: number
}

const COINBASE_TXID = '0'.repeat(64)

export interface BcoinBackendOptions {
  url: string
  network: BitcoinNetworkKind
  timeoutMs: number
  fetch: typeof fetch
}

export function createBcoinBackend(options: BcoinBackendOptions): BitcoinBackend {
  const base = options.url.replace(/\/+$/, '')
  const what = 'The Bitcoin node'

  const get = async (path: string): Promise<unknown> => {
    const answer = await upstreamRequest(
      options.fetch,
      `${base}${path}`,
      { method: 'GET' },
      options.timeoutMs,
      what,
    )
    if (answer.status === 404) return undefined
    if (answer.status !== 200) {
      throw new BitcoinUpstreamError(
        'bad-answer',
        `${what} answered ${path.split('/')[1]} with HTTP ${answer.status}.`,
      )
    }
    return parseUpstreamJson(answer.text, what)
  }

  const rpc = async (calls: { method: string; params: unknown[] }[]) => {
    const body = JSON.stringify(calls.map((call, id) => ({ ...call, id })))
    const answer = await upstreamRequest(
      options.fetch,
      base,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
      options.timeoutMs,
      what,
    )
    const parsed = parseUpstreamJson(answer.text, what)
    if (!Array.isArray(parsed) || parsed.length !== calls.length) {
      throw new BitcoinUpstreamError(
        'bad-answer',
        `${what} answered its JSON-RPC with HTTP ${answer.status}.`,
      )
    }
    return parsed as { result?: unknown; error?: { code: number; message: string } | null }[]
  }

  const translate = (json: BcoinTxJson): Translated => {
    let raw: ReturnType<typeof parseRawTransaction>
    try {
      raw = parseRawTransaction(json.hex)
    } catch (error) {
      if (error instanceof RawTransactionError)
        throw new BitcoinUpstreamError('bad-answer', `${what} sent a transaction that does not parse.`)
      throw error
    }
    const vout = (script: Uint8Array, value: bigint | number): EsploraVout => {
      const address = outputScriptToAddress(script, options.network)
      return {
        scriptpubkey: toHex(script),
        scriptpubkey_asm: scriptToAsm(script),
        scriptpubkey_type: scriptType(script),
        ...(address ? { scriptpubkey_address: address } : {}),
        value: Number(value),
      }
    }
    const confirmed = json.height >= 0 && typeof json.block === 'string'
    const status: EsploraStatus = confirmed
      ? {
          confirmed: true,
          block_height: json.height,
          block_hash: json.block as string,
          block_time: json.time,
        }
      : { confirmed: false }
    const coinbase = raw.inputs.length === 1 && raw.inputs[0]?.txid === COINBASE_TXID
    const tx: EsploraTx = {
      txid: raw.txid,
      version: raw.version,
      locktime: raw.locktime,
      vin: raw.inputs.map((input, i) => {
        const coin = json.inputs[i]?.coin
        return {
          txid: input.txid,
          vout: input.vout,
          prevout: coin && !coinbase ? vout(Buffer.from(coin.script, 'hex'), coin.value) : null,
          scriptsig: toHex(input.scriptSig),
          scriptsig_asm: scriptToAsm(input.scriptSig),
          ...(input.witness.length > 0 ? { witness: input.witness.map(toHex) } : {}),
          is_coinbase: coinbase,
          sequence: input.sequence,
        }
      }),
      vout: raw.outputs.map((output) => vout(output.script, output.value)),
      size: raw.size,
      weight: raw.weight,
      fee: coinbase ? 0 : Math.max(0, json.fee ?? 0),
      status,
    }
    return { tx, height: confirmed ? json.height : -1, index: json.index ?? 0 }
  }

  /** The address's whole history from bcoin's index, newest first (unconfirmed before confirmed). */
  const history = async (address: string, script: Uint8Array): Promise<Translated[]> => {
    // bcoin 1.0.2 predates taproot: its address index finds no witness v1 output, so an empty
    // answer would be a wrong zero balance. Refused instead.
    if ((witnessVersion(script) ?? 0) > 0) {
      throw new UnsupportedAddressError(
        `${address} is a taproot address; this chain's node (bcoin 1.0.2) cannot look taproot addresses up.`,
      )
    }
    // Base58 is case-sensitive; bech32 is read in lower case (an upper-case QR spelling is valid too).
    const spelling = witnessVersion(script) === undefined ? address : address.toLowerCase()
    const answer = await get(`/tx/address/${encodeURIComponent(spelling)}`)
    if (!Array.isArray(answer) || !answer.every(isBcoinTx)) {
      throw new BitcoinUpstreamError(
        'bad-answer',
        `${what} answered an address's history with something else.`,
      )
    }
    const translated = answer.map(translate)
    return translated.sort((a, b) => {
      const ha = a.height < 0 ? Number.POSITIVE_INFINITY : a.height
      const hb = b.height < 0 ? Number.POSITIVE_INFINITY : b.height
      return hb - ha || b.index - a.index
    })
  }

  const emptyStats = (): EsploraStats => ({
    funded_txo_count: 0,
    funded_txo_sum: 0,
    spent_txo_count: 0,
    spent_txo_sum: 0,
    tx_count: 0,
  })

  const getTx = async (txid: string): Promise<EsploraTx | undefined> => {
    const answer = await get(`/tx/${txid}`)
    if (answer === undefined) return undefined
    if (!isBcoinTx(answer))
      throw new BitcoinUpstreamError('bad-answer', `${what} answered a transaction with something else.`)
    return translate(answer).tx
  }

  return {
    async address(address, script) {
      const scriptHex = toHex(script)
      const chain = emptyStats()
      const mempool = emptyStats()
      for (const { tx } of await history(address, script)) {
        const stats = tx.status.confirmed ? chain : mempool
        stats.tx_count += 1
        for (const output of tx.vout) {
          if (output.scriptpubkey !== scriptHex) continue
          stats.funded_txo_count += 1
          stats.funded_txo_sum += output.value
        }
        for (const input of tx.vin) {
          if (input.prevout?.scriptpubkey !== scriptHex) continue
          stats.spent_txo_count += 1
          stats.spent_txo_sum += input.prevout.value
        }
      }
      return { address, chain_stats: chain, mempool_stats: mempool }
    },

    async utxo(address, script) {
      const scriptHex = toHex(script)
      const txs = await history(address, script)
      const spent = new Set(txs.flatMap(({ tx }) => tx.vin.map((input) => `${input.txid}:${input.vout}`)))
      const utxos: EsploraUtxo[] = []
      for (const { tx } of txs) {
        for (const [vout, output] of tx.vout.entries()) {
          if (output.scriptpubkey !== scriptHex || spent.has(`${tx.txid}:${vout}`)) continue
          utxos.push({ txid: tx.txid, vout, value: output.value, status: tx.status })
        }
      }
      return utxos
    },

    async txs(address, script, afterTxid) {
      const txs = (await history(address, script)).map(({ tx }) => tx)
      const confirmed = txs.filter((tx) => tx.status.confirmed)
      if (afterTxid !== undefined) {
        const at = confirmed.findIndex((tx) => tx.txid === afterTxid)
        return at < 0 ? [] : confirmed.slice(at + 1, at + 1 + CHAIN_TXS_PER_PAGE)
      }
      const unconfirmed = txs.filter((tx) => !tx.status.confirmed)
      return [...unconfirmed.slice(0, MEMPOOL_TXS_PER_PAGE), ...confirmed.slice(0, CHAIN_TXS_PER_PAGE)]
    },

    tx: getTx,

    async txStatus(txid) {
      return (await getTx(txid))?.status
    },

    async broadcast(hex) {
      const [answer] = await rpc([{ method: 'sendrawtransaction', params: [hex] }])
      if (answer?.error) throw new TransactionRefusedError(answer.error.message, answer.error.code)
      if (typeof answer?.result !== 'string') {
        throw new BitcoinUpstreamError('bad-answer', `${what} answered sendrawtransaction without a txid.`)
      }
      return answer.result
    },

    async feeEstimates() {
      const answers = await rpc(
        FEE_TARGETS.map((target) => ({ method: 'estimatesmartfee', params: [target] })),
      )
      const estimates: EsploraFeeEstimates = {}
      for (const [i, answer] of answers.entries()) {
        const result = answer.result as { fee?: unknown; feerate?: unknown } | null | undefined
        // BTC per 1000 vbytes; -1 (or an error) when the node has no estimate, as on regtest.
        const perKvB = typeof result?.feerate === 'number' ? result.feerate : result?.fee
        if (typeof perKvB !== 'number' || !(perKvB > 0)) continue
        estimates[String(FEE_TARGETS[i])] = Math.round(perKvB * 100_000 * 1000) / 1000
      }
      return estimates
    },

    async tipHeight() {
      const [answer] = await rpc([{ method: 'getblockcount', params: [] }])
      if (typeof answer?.result !== 'number') {
        throw new BitcoinUpstreamError('bad-answer', `${what} answered getblockcount without a height.`)
      }
      return answer.result
    },
  }
}
