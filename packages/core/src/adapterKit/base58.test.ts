import { describe, expect, it } from 'vitest'
import { decodeBase58, encodeBase58 } from './base58.js'

// Vectors from the base58 definition (Bitcoin's alphabet), leading zero bytes included.
const VECTORS: ReadonlyArray<readonly [string, string]> = [
  ['', ''],
  ['00', '1'],
  ['0000', '11'],
  ['61', '2g'],
  ['626262', 'a3gV'],
  ['636363', 'aPEr'],
  ['73696d706c792061206c6f6e6720737472696e67', '2cFupjhnEsSn59qHXstmK2ffpLv2'],
  ['00eb15231dfceb60925886b67d065299925915aeb172c06647', '1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L'],
  ['516b6fcd0f', 'ABnLTmg'],
  ['572e4794', '3EFU7m'],
  ['ecac89cad93923c02321', 'EJDM8drfXA6uyA'],
  ['000000287fb4cd', '111233QC4'],
]

const hex = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

describe('base58', () => {
  it('encodes the reference vectors', () => {
    for (const [bytes, text] of VECTORS) expect(encodeBase58(hex(bytes))).toBe(text)
  })

  it('decodes the reference vectors back to the same bytes', () => {
    for (const [bytes, text] of VECTORS) expect(decodeBase58(text)).toEqual(hex(bytes))
  })

  it('reads back what it writes for random bytes with leading zeros', () => {
    for (let length = 1; length < 70; length++) {
      const bytes = crypto.getRandomValues(new Uint8Array(length))
      bytes[0] = 0
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
    }
  })

  it('refuses characters outside the alphabet (0, O, I, l)', () => {
    for (const text of ['0', 'O1', '1I', 'abcl', 'ab c']) expect(decodeBase58(text)).toBeUndefined()
  })
})
