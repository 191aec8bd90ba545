import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { DemoBitcoinInfo } from '../scripts/bitcoin.mjs'
import { bitcoinEsploraUrl, bitcoinInfoFile, mineBitcoinBlock } from './bitcoin'

// The stack the Bitcoin adapter's tests run on: the e2e node (18332) behind the e2e server's
// Esplora-compatible routes, with the dev wallet's accounts funded and a way to mine.
const info = () => JSON.parse(readFileSync(bitcoinInfoFile, 'utf8')) as DemoBitcoinInfo
const esplora = (path: string) => `${bitcoinEsploraUrl}${path}?projectId=portico-demo`
const SITE = { origin: 'http://localhost:4173' }

test('the server serves the e2e Bitcoin node: the dev accounts hold 1 BTC, and a mined block moves the tip', async ({
  request,
}) => {
  const [account] = info().accounts
  const address = await request.get(esplora(`/address/${account!.payment}`), { headers: SITE })
  expect(address.status()).toBe(200)
  expect((await address.json()).chain_stats).toMatchObject({
    funded_txo_sum: 100_000_000,
    spent_txo_count: 0,
  })
  expect(await (await request.get(esplora('/fee-estimates'), { headers: SITE })).json()).toEqual({})

  const before = Number(await (await request.get(esplora('/blocks/tip/height'), { headers: SITE })).text())
  const [hash] = await mineBitcoinBlock()
  expect(hash).toMatch(/^[0-9a-f]{64}$/)
  // The tip height is cached for 2 s at most.
  await expect
    .poll(async () =>
      Number(await (await request.get(esplora('/blocks/tip/height'), { headers: SITE })).text()),
    )
    .toBe(before + 1)
})

test('a page of another origin is refused by the Bitcoin routes as by the RPC proxy', async ({ request }) => {
  const refused = await request.get(esplora('/fee-estimates'), {
    headers: { origin: 'http://127.0.0.1:4173' },
  })
  expect(refused.status()).toBe(403)
  expect((await refused.json()).error.code).toBe('ORIGIN_NOT_ALLOWED')
})
