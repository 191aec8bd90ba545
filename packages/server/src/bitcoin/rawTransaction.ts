import { createHash } from 'node:crypto'

/** A raw Bitcoin transaction read byte by byte: what Esplora's transaction format is made from. */
export interface RawTransaction {
  txid: string
  version: number
  locktime: number
  /** Serialized size in bytes, witness included. */
  size: number
  /** BIP-141 weight: base size × 3 + total size. */
  weight: number
  inputs: {
    /** The spent output's txid (display order). */
    txid: string
    vout: number
    scriptSig: Uint8Array
    sequence: number
    witness: Uint8Array[]
  }[]
  outputs: { value: bigint; script: Uint8Array }[]
}

export class RawTransactionError extends Error {
  override readonly name = 'RawTransactionError' as const
}

/** Hex of a transaction: an even number of hex digits, bounded by what a block can hold. */
export const MAX_RAW_TX_BYTES = 400_000

export function parseRawTransaction(hex: string): RawTransaction {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) {
    throw new RawTransactionError('The transaction is not hex (an even number of 0-9 a-f digits).')
  }
  if (hex.length / 2 > MAX_RAW_TX_BYTES) {
    throw new RawTransactionError(`The transaction is larger than ${MAX_RAW_TX_BYTES} bytes.`)
  }
  const bytes = Buffer.from(hex, 'hex')
  let at = 0
  const need = (n: number) => {
    if (at + n > bytes.length) throw new RawTransactionError('The transaction ends too early.')
  }
  const u8 = () => {
    need(1)
    return bytes[at++] ?? 0
  }
  const u32 = () => {
    need(4)
    const value = bytes.readUInt32LE(at)
    at += 4
    return value
  }
  const varint = () => {
    const first = u8()
    if (first < 0xfd) return first
    const size = first === 0xfd ? 2 : first === 0xfe ? 4 : 8
    need(size)
    const value = size === 8 ? Number(bytes.readBigUInt64LE(at)) : bytes.readUIntLE(at, size)
    at += size
    if (value > bytes.length)
      throw new RawTransactionError('The transaction declares more data than it holds.')
    return value
  }
  const slice = (n: number) => {
    need(n)
    const part = bytes.subarray(at, at + n)
    at += n
    return new Uint8Array(part)
  }

  need(4)
  const version = bytes.readInt32LE(0)
  at = 4
  let segwit = false
  if (bytes[at] === 0x00 && bytes[at + 1] === 0x01) {
    segwit = true
    at += 2
  }
  const inputCount = varint()
  if (inputCount === 0) throw new RawTransactionError('The transaction has no inputs.')
  const inputs: RawTransaction['inputs'] = []
  for (let i = 0; i < inputCount; i++) {
    const hash = slice(32)
    const vout = u32()
    const scriptSig = slice(varint())
    const sequence = u32()
    inputs.push({ txid: Buffer.from(hash).reverse().toString('hex'), vout, scriptSig, sequence, witness: [] })
  }
  const outputCount = varint()
  const outputs: RawTransaction['outputs'] = []
  for (let i = 0; i < outputCount; i++) {
    need(8)
    const value = bytes.readBigUInt64LE(at)
    at += 8
    outputs.push({ value, script: slice(varint()) })
  }
  const witnessStart = at
  if (segwit) {
    for (const input of inputs) {
      const items = varint()
      for (let k = 0; k < items; k++) input.witness.push(slice(varint()))
    }
  }
  const witnessEnd = at
  const locktime = u32()
  if (at !== bytes.length) throw new RawTransactionError('The transaction has bytes after its end.')

  // The txid hashes the transaction without marker, flag and witnesses.
  const base = segwit
    ? Buffer.concat([bytes.subarray(0, 4), bytes.subarray(6, witnessStart), bytes.subarray(witnessEnd)])
    : bytes
  return {
    txid: Buffer.from(doubleSha256(base)).reverse().toString('hex'),
    version,
    locktime,
    size: bytes.length,
    weight: base.length * 3 + bytes.length,
    inputs,
    outputs,
  }
}

function doubleSha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(createHash('sha256').update(data).digest()).digest()
}
