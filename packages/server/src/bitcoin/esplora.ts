/**
 * Esplora's HTTP API answers (Blockstream's API.md), the shapes the Bitcoin routes return whatever
 * the upstream: a site can point the Bitcoin adapter at the Portico server or at any Esplora.
 */

export interface EsploraStatus {
  confirmed: boolean
  block_height?: number
  block_hash?: string
  block_time?: number
}

export interface EsploraVout {
  scriptpubkey: string
  scriptpubkey_asm: string
  scriptpubkey_type: string
  scriptpubkey_address?: string
  value: number
}

export interface EsploraVin {
  txid: string
  vout: number
  /** null for a coinbase input. */
  prevout: EsploraVout | null
  scriptsig: string
  scriptsig_asm: string
  witness?: string[]
  is_coinbase: boolean
  sequence: number
}

export interface EsploraTx {
  txid: string
  version: number
  locktime: number
  vin: EsploraVin[]
  vout: EsploraVout[]
  size: number
  weight: number
  fee: number
  status: EsploraStatus
}

export interface EsploraStats {
  funded_txo_count: number
  funded_txo_sum: number
  spent_txo_count: number
  spent_txo_sum: number
  tx_count: number
}

export interface EsploraAddress {
  address: string
  chain_stats: EsploraStats
  mempool_stats: EsploraStats
}

export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: EsploraStatus
}

/** Confirmation target (blocks) → sat/vB. Empty when the node has no estimate (regtest). */
export type EsploraFeeEstimates = Record<string, number>

/** Esplora's page sizes for an address's history. */
export const MEMPOOL_TXS_PER_PAGE = 50
export const CHAIN_TXS_PER_PAGE = 25

/** The confirmation targets Esplora answers `/fee-estimates` for. */
export const FEE_TARGETS = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 144, 504, 1008,
] as const
