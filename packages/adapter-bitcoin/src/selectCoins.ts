// coinselect ships no types: this module gives its one function the shape its README documents, so
// no ambient declaration has to travel with the sources.
// @ts-expect-error -- an untyped CommonJS module; its shape is declared below.
import coinSelectUntyped from 'coinselect'

export interface CoinSelectUtxo {
  txId: string
  vout: number
  value: number
  /** Only its length is read: the input's virtual size beyond the outpoint. */
  script?: { length: number }
}

export interface CoinSelectTarget {
  address?: string
  value?: number
  script?: { length: number }
}

export interface CoinSelectResult<U> {
  /** Absent when the coins cannot pay the targets and the fee. */
  inputs?: U[]
  /** The targets, then the change (an output without `script`) when it is worth one. */
  outputs?: CoinSelectTarget[]
  fee: number
}

/** coinselect's default algorithm: an exact match without change first, else accumulating. */
export const selectCoins = coinSelectUntyped as <U extends CoinSelectUtxo>(
  utxos: U[],
  targets: CoinSelectTarget[],
  feeRate: number,
) => CoinSelectResult<U>
