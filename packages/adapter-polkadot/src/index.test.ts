import type { AdapterFactory } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { bundleEntry, coreImportsOf, packagesOf } from '@portico/test/adapters'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "InvalidPolkadotNetworkError",
      "PolkadotAdapterLoadError",
      "PolkadotChainMismatchError",
      "PolkadotDispatchError",
      "PolkadotSendFailedError",
      "PolkadotSendValidationError",
      "WALLET_CONNECT_POLKADOT_METHODS",
      "checkPolkadotAddress",
      "decodeSs58",
      "definePolkadotNetwork",
      "encodeSs58",
      "getSs58Prefix",
      "isExtensionRejection",
      "kusama",
      "mapExtensionError",
      "paseo",
      "polkadot",
      "polkadotAssetHub",
      "polkadotMainnet",
      "westend",
    ]
  `)
})

it('polkadot() is an adapter factory core accepts, with every capability core checks for', () => {
  const factory: AdapterFactory = entry.polkadot()
  const adapter = factory(createTestAdapterContext([], false).context)
  for (const capability of ['getBalance', 'getAddressExplorerUrl', 'getTransactionExplorerUrl'] as const)
    expect(adapter[capability], capability).toBeTypeOf('function')
  for (const capability of ['isAddress', 'estimateFee', 'send', 'waitForTransaction'] as const)
    expect(adapter.send?.[capability], `send.${capability}`).toBeTypeOf('function')
})

it('loads nothing of @polkadot/api with the entry, and stays under 8 KiB gzipped; balances and sends load it', async () => {
  const bundled = await bundleEntry(new URL('./index.ts', import.meta.url), ['@portico/core'])
  const eager = packagesOf(bundled.eager)
  const lazy = packagesOf(bundled.lazy)
  expect(eager).toEqual([])
  expect(lazy).toEqual(expect.arrayContaining(['@polkadot/api', '@polkadot/types', '@polkadot/rpc-provider']))
  expect(bundled.eagerBytes).toBeGreaterThan(0)
  expect(bundled.eagerBytes).toBeLessThan(8 * 1024)
}, 60_000)

it('uses nothing of core but its public entry and the adapter kit, as an outside adapter would', async () => {
  expect(await coreImportsOf(new URL('./', import.meta.url))).toEqual([
    '@portico/core',
    '@portico/core/adapter-kit',
  ])
})
