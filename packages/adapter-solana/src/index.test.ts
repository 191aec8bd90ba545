import type { AdapterFactory } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { bundleEntry, coreImportsOf, packagesOf } from '@portico/test/adapters'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "InvalidSolanaNetworkError",
      "InvalidSolanaTransactionOptionsError",
      "SolanaAdapterLoadError",
      "SolanaChainNotSupportedError",
      "SolanaSendFailedError",
      "SolanaSendValidationError",
      "TOKEN_2022_PROGRAM_ADDRESS",
      "defineSolanaNetwork",
      "getWalletConnectorId",
      "getWalletStandardChain",
      "isUserRejection",
      "mapWalletError",
      "solana",
      "solanaDevnet",
      "solanaMainnet",
      "solanaTestnet",
    ]
  `)
})

it('solana() is an adapter factory core accepts', () => {
  const factory: AdapterFactory = entry.solana()
  expect(factory).toBeTypeOf('function')
})

it('keeps every capability core checks for, loaded lazily or not', () => {
  const adapter = entry.solana()(createTestAdapterContext([], false).context)
  for (const capability of [
    'getBalance',
    'getTokenBalances',
    'getAddressExplorerUrl',
    'getTransactionExplorerUrl',
  ] as const)
    expect(adapter[capability], capability).toBeTypeOf('function')
  for (const capability of ['isAddress', 'estimateFee', 'send', 'waitForTransaction'] as const)
    expect(adapter.send[capability], `send.${capability}`).toBeTypeOf('function')
})

async function bundlePackages() {
  const { eager, lazy, eagerBytes } = await bundleEntry(new URL('./index.ts', import.meta.url), [
    '@portico/core',
  ])
  return { eager: packagesOf(eager), lazy: packagesOf(lazy), eagerBytes }
}

it('loads no RPC, transaction building or token program code with the entry; sends load it on first use', async () => {
  const { eager, lazy, eagerBytes } = await bundlePackages()
  expect(eager.filter((name) => name.startsWith('@solana-program/'))).toEqual([])
  expect(eager.filter((name) => name.startsWith('@solana/rpc'))).toEqual([])
  expect(eager).not.toContain('@solana/transaction-messages')
  // Not even kit's codecs: their error table alone is bigger than the rest of the entry.
  expect(eager).toEqual([])
  expect(lazy).toEqual(
    expect.arrayContaining([
      '@solana-program/token',
      '@solana-program/system',
      '@solana/rpc',
      '@solana/transaction-messages',
    ]),
  )
  // 7.7 KiB when written; the budget leaves room to grow, not to take kit back in.
  expect(eagerBytes).toBeGreaterThan(0)
  expect(eagerBytes).toBeLessThan(10 * 1024)
}, 30_000)

it('uses nothing of core but its public entry and the adapter kit, as an outside adapter would', async () => {
  expect(await coreImportsOf(new URL('./', import.meta.url))).toEqual([
    '@portico/core',
    '@portico/core/adapter-kit',
  ])
})
