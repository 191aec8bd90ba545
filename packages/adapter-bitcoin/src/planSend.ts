import { type BitcoinAddressType, type DecodedBitcoinAddress, DUST_LIMITS } from './bitcoinAddress.js'
import { BitcoinSendValidationError } from './errors.js'
import type { EsploraUtxo } from './esplora.js'
import { selectCoins } from './selectCoins.js'

/** 21 million BTC in sats: no amount above it is a Bitcoin amount. */
export const MAX_SATS = 2_100_000_000_000_000n

// Virtual bytes an input spending each type adds beyond the 41-byte outpoint, sequence and length,
// with the witness counted at a quarter (BIP-141): what coinselect calls the input's script length.
const INPUT_SCRIPT_VBYTES: Partial<Record<BitcoinAddressType, number>> = {
  p2wpkh: 27, // 108-byte witness (signature + compressed key) / 4
  p2sh: 50, // P2SH-P2WPKH: 23-byte redeem script push + the same witness
  p2pkh: 107,
}

export interface PlannedSend {
  inputs: readonly EsploraUtxo[]
  /** The receiver's output, then the change back to the payment address if there is any. */
  outputs: readonly { script: Uint8Array; value: bigint }[]
  fee: bigint
  feeRate: number
  change: bigint
}

export interface PlanSendParameters {
  utxos: readonly EsploraUtxo[]
  /** The payment address: every input comes from it, the change goes back to it. */
  from: DecodedBitcoinAddress
  to: DecodedBitcoinAddress
  amount: bigint
  /** Whole sat/vB. */
  feeRate: number
}

/**
 * Picks the payment address's coins for a send (coinselect: an exact match without change first,
 * else accumulating the biggest), with the change back to the payment address. An output below its
 * type's dust limit is refused; change below it goes to the fee instead.
 */
export function planSend({ utxos, from, to, amount, feeRate }: PlanSendParameters): PlannedSend {
  if (amount <= 0n || amount > MAX_SATS) throw new BitcoinSendValidationError('invalidAmount')
  if (amount < DUST_LIMITS[to.type])
    throw new BitcoinSendValidationError('belowDust', {
      details: `A ${to.type} output must carry at least ${DUST_LIMITS[to.type]} sats.`,
    })
  const inputScript = INPUT_SCRIPT_VBYTES[from.type]
  if (inputScript === undefined)
    throw new BitcoinSendValidationError('invalidSender', {
      details: `Spending from ${from.type} addresses is not supported; the payment address must be P2WPKH, P2SH-P2WPKH or P2PKH.`,
    })
  const candidates = utxos.map((utxo) => ({
    txId: utxo.txid,
    vout: utxo.vout,
    // Safe: no output holds more than 21 million BTC, below 2^53 sats.
    value: Number(utxo.value),
    script: { length: inputScript },
    utxo,
  }))
  const result = selectCoins(
    candidates,
    [{ value: Number(amount), script: { length: to.script.length } }],
    feeRate,
  )
  if (!result.inputs || !result.outputs)
    throw new BitcoinSendValidationError('insufficientFunds', {
      details: `${amount} sats at ${feeRate} sat/vB.`,
    })
  const inputs = result.inputs.map((input) => input.utxo)
  const inputTotal = inputs.reduce((sum, utxo) => sum + utxo.value, 0n)
  // coinselect's change output is the one without a script length of ours: it has no `script`.
  let change = result.outputs
    .filter((output) => output.script === undefined)
    .reduce((sum, output) => sum + BigInt(output.value ?? 0), 0n)
  if (change > 0n && change < DUST_LIMITS[from.type]) change = 0n
  const outputs = [{ script: to.script, value: amount }]
  if (change > 0n) outputs.push({ script: from.script, value: change })
  return { inputs, outputs, fee: inputTotal - amount - change, feeRate, change }
}
