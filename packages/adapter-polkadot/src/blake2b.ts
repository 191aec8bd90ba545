// BLAKE2b (RFC 7693), unkeyed, for SS58 checksums. The address check runs on every keystroke of the
// send form, so it lives in the eager entry: a hashing library or @polkadot/util-crypto (which
// brings WebAssembly) would outweigh the rest of the entry. BigInt words keep it short; an
// address is one 128-byte block, so speed does not matter here.

const MASK = (1n << 64n) - 1n
const IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
]
// The message schedule, one row of word indices per round (rounds 10 and 11 reuse rows 0 and 1).
const SIGMA = [
  '0123456789abcdef',
  'ea489fd61c02b753',
  'b8c052fdae367194',
  '7931dcbe265a40f8',
  '905724afe1bc683d',
  '2c6a0b834d75fe19',
  'c51fed4a0763928b',
  'db7ec13950f4862a',
  '6fe9b308c2d714a5',
  'a2847615fb9e3cd0',
].map((row) => [...row].map((digit) => Number.parseInt(digit, 16)))

const rotr = (word: bigint, bits: bigint) => ((word >> bits) | (word << (64n - bits))) & MASK

function compress(h: bigint[], block: Uint8Array, counter: bigint, last: boolean): void {
  const m: bigint[] = []
  for (let word = 0; word < 16; word++) {
    let value = 0n
    for (let byte = 7; byte >= 0; byte--) value = (value << 8n) | BigInt(block[word * 8 + byte]!)
    m.push(value)
  }
  const v = [...h, ...IV]
  v[12] = v[12]! ^ (counter & MASK)
  v[13] = v[13]! ^ (counter >> 64n)
  if (last) v[14] = v[14]! ^ MASK
  const mix = (a: number, b: number, c: number, d: number, x: bigint, y: bigint) => {
    v[a] = (v[a]! + v[b]! + x) & MASK
    v[d] = rotr(v[d]! ^ v[a]!, 32n)
    v[c] = (v[c]! + v[d]!) & MASK
    v[b] = rotr(v[b]! ^ v[c]!, 24n)
    v[a] = (v[a]! + v[b]! + y) & MASK
    v[d] = rotr(v[d]! ^ v[a]!, 16n)
    v[c] = (v[c]! + v[d]!) & MASK
    v[b] = rotr(v[b]! ^ v[c]!, 63n)
  }
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10]!
    const word = (index: number) => m[s[index]!]!
    mix(0, 4, 8, 12, word(0), word(1))
    mix(1, 5, 9, 13, word(2), word(3))
    mix(2, 6, 10, 14, word(4), word(5))
    mix(3, 7, 11, 15, word(6), word(7))
    mix(0, 5, 10, 15, word(8), word(9))
    mix(1, 6, 11, 12, word(10), word(11))
    mix(2, 7, 8, 13, word(12), word(13))
    mix(3, 4, 9, 14, word(14), word(15))
  }
  for (let index = 0; index < 8; index++) h[index] = h[index]! ^ v[index]! ^ v[index + 8]!
}

/**
 * The BLAKE2b hash of `input`, `outputBytes` long (1–64).
 * @example
 * blake2b(new TextEncoder().encode('abc'), 64)
 */
export function blake2b(input: Uint8Array, outputBytes = 64): Uint8Array {
  if (!Number.isInteger(outputBytes) || outputBytes < 1 || outputBytes > 64)
    throw new RangeError('BLAKE2b output length must be 1 to 64 bytes.')
  const h = [...IV]
  h[0] = h[0]! ^ 0x01010000n ^ BigInt(outputBytes)
  const blocks = Math.max(1, Math.ceil(input.length / 128))
  for (let index = 0; index < blocks; index++) {
    const block = new Uint8Array(128)
    block.set(input.subarray(index * 128, (index + 1) * 128))
    const last = index === blocks - 1
    compress(h, block, BigInt(last ? input.length : (index + 1) * 128), last)
  }
  const output = new Uint8Array(64)
  h.forEach((word, index) => {
    for (let byte = 0; byte < 8; byte++) output[index * 8 + byte] = Number((word >> BigInt(byte * 8)) & 0xffn)
  })
  return output.slice(0, outputBytes)
}
