import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import { sha256 } from './sha256.js'

it('hashes as SHA-256 does, across the padding boundaries', () => {
  for (const length of [0, 1, 3, 55, 56, 63, 64, 65, 119, 120, 1000]) {
    const data = Uint8Array.from({ length }, (_, index) => (index * 31 + 7) & 0xff)
    expect(Buffer.from(sha256(data)).toString('hex'), `${length} bytes`).toBe(
      createHash('sha256').update(data).digest('hex'),
    )
  }
})
