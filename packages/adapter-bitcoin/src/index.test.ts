import type { AdapterFactory } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { bundleEntry, coreImportsOf, packagesOf } from '@portico/test/adapters'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "BITCOIN_REGTEST_GENESIS_HASH",
      "BitcoinAdapterLoadError",
      "BitcoinAddressNetworkError",
      "BitcoinApiError",
      "BitcoinApiNotConfiguredError",
      "BitcoinBroadcastError",
      "BitcoinChainNotSupportedError",
      "BitcoinSendValidationError",
      "InvalidBitcoinNetworkError",
      "bitcoin",
      "bitcoinMainnet",
      "bitcoinSignet",
      "bitcoinTestnet4",
      "decodeBitcoinAddress",
      "defineBitcoinNetwork",
      "isUserRejection",
      "mapWalletError",
      "withEsploraApi",
      "withPorticoServer",
    ]
  `)
})

it('bitcoin() is an adapter factory core accepts', () => {
  const factory: AdapterFactory = entry.bitcoin()
  expect(factory).toBeTypeOf('function')
})

it('keeps every capability core checks for, loaded lazily or not', () => {
  const adapter = entry.bitcoin()(createTestAdapterContext([], false).context)
  for (const capability of ['getBalance', 'getAddressExplorerUrl', 'getTransactionExplorerUrl'] as const)
    expect(adapter[capability], capability).toBeTypeOf('function')
  for (const capability of ['isAddress', 'estimateFee', 'send', 'waitForTransaction'] as const)
    expect(adapter.send[capability], `send.${capability}`).toBeTypeOf('function')
})

it('loads neither bitcoinjs-lib nor coinselect with the entry; the first balance or send loads them', async () => {
  const { eager, lazy, eagerBytes } = await bundleEntry(new URL('./index.ts', import.meta.url), [
    '@portico/core',
  ])
  expect(packagesOf(eager)).toEqual([])
  expect(packagesOf(lazy)).toEqual(expect.arrayContaining(['bitcoinjs-lib', 'coinselect']))
  // The budget: 8 KiB gzipped for the eager entry.
  expect(eagerBytes).toBeGreaterThan(0)
  expect(eagerBytes).toBeLessThan(8 * 1024)
}, 30_000)

it('uses nothing of core but its public entry and the adapter kit, as an outside adapter would', async () => {
  expect(await coreImportsOf(new URL('./', import.meta.url))).toEqual([
    '@portico/core',
    '@portico/core/adapter-kit',
  ])
})
