// coinselect ships no types; these are the parts used, as its README documents them.
declare module 'coinselect' {
  interface CoinSelectUtxo {
    txId: string
    vout: number
    value: number
    script?: { length: number }
  }
  interface CoinSelectTarget {
    address?: string
    value?: number
    script?: { length: number }
  }
  interface CoinSelectResult<U> {
    inputs?: U[]
    outputs?: CoinSelectTarget[]
    fee: number
  }
  export default function coinSelect<U extends CoinSelectUtxo>(
    utxos: U[],
    targets: CoinSelectTarget[],
    feeRate: number,
  ): CoinSelectResult<U>
}
