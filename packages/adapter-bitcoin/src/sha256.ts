// SHA-256 (FIPS 180-4) for base58check, small enough for the eager entry: a hash library would
// double the entry's size, and Web Crypto's digest is asynchronous while `isAddress` is not.

const K = new Uint32Array(64)
const H0 = new Uint32Array(8)
{
  // The constants are the first 32 bits of the fractional parts of the primes' square and cube roots.
  let found = 0
  for (let candidate = 2; found < 64; candidate++) {
    let prime = true
    for (let divisor = 2; divisor * divisor <= candidate; divisor++)
      if (candidate % divisor === 0) prime = false
    if (!prime) continue
    const fraction = (x: number) => ((x - Math.floor(x)) * 2 ** 32) >>> 0
    if (found < 8) H0[found] = fraction(Math.sqrt(candidate))
    K[found++] = fraction(Math.cbrt(candidate))
  }
}

const rotate = (x: number, n: number) => (x >>> n) | (x << (32 - n))

/** The SHA-256 digest of `data`. */
export function sha256(data: Uint8Array): Uint8Array {
  const length = data.length
  const blocks = Math.ceil((length + 9) / 64)
  const padded = new Uint8Array(blocks * 64)
  padded.set(data)
  padded[length] = 0x80
  const view = new DataView(padded.buffer)
  view.setUint32(padded.length - 4, length * 8)
  view.setUint32(padded.length - 8, Math.floor(length / 2 ** 29))
  const hash = H0.slice()
  const w = new Uint32Array(64)
  for (let block = 0; block < blocks; block++) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) w[i] = view.getUint32(block * 64 + i * 4)
      else {
        const a = w[i - 15]!
        const b = w[i - 2]!
        w[i] =
          (rotate(b, 17) ^ rotate(b, 19) ^ (b >>> 10)) +
          w[i - 7]! +
          (rotate(a, 7) ^ rotate(a, 18) ^ (a >>> 3)) +
          w[i - 16]!
      }
    }
    let [a, b, c, d, e, f, g, h] = hash as unknown as number[]
    for (let i = 0; i < 64; i++) {
      const t1 =
        h! + (rotate(e!, 6) ^ rotate(e!, 11) ^ rotate(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K[i]! + w[i]!
      const t2 = (rotate(a!, 2) ^ rotate(a!, 13) ^ rotate(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!))
      h = g
      g = f
      f = e
      e = (d! + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    const next = [a, b, c, d, e, f, g, h]
    for (let i = 0; i < 8; i++) hash[i] = hash[i]! + next[i]!
  }
  const out = new Uint8Array(32)
  const outView = new DataView(out.buffer)
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, hash[i]!)
  return out
}
