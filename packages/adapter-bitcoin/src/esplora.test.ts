import { expect, it } from 'vitest'
import { joinUrl } from './esplora.js'

it("puts the path under the API base and keeps the base's query string after it", () => {
  expect(joinUrl('https://mempool.space/api', '/address/bc1q/utxo')).toBe(
    'https://mempool.space/api/address/bc1q/utxo',
  )
  expect(joinUrl('https://mempool.space/api/', '/fee-estimates')).toBe(
    'https://mempool.space/api/fee-estimates',
  )
  expect(joinUrl('http://127.0.0.1:8787/v1/bip122/0f9188f1?projectId=demo', '/tx')).toBe(
    'http://127.0.0.1:8787/v1/bip122/0f9188f1/tx?projectId=demo',
  )
})
