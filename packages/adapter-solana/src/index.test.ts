import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { AdapterFactory } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { build } from 'esbuild'
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

/**
 * Bundles the entry for a browser as a site would (code splitting on, core left out: it is shared)
 * and returns the packages in what loads with the entry (its chunk and the chunks it imports
 * statically), those in the chunks behind `import()`, and the eager part's gzipped size.
 */
async function bundleEntry() {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir: fileURLToPath(new URL('../.bundle-test', import.meta.url)),
    conditions: ['@portico/source'],
    external: ['@portico/core'],
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const entryOutput = Object.keys(outputs).find((path) => outputs[path]!.entryPoint)!
  const eager = new Set<string>()
  const visit = (path: string) => {
    if (eager.has(path) || !outputs[path]) return
    eager.add(path)
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entryOutput)
  const packagesOf = (paths: Iterable<string>) => {
    const names = new Set<string>()
    for (const path of paths)
      for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
        const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)
        if (match && bytesInOutput > 0) names.add(match[1]!)
      }
    return [...names].sort()
  }
  const eagerBytes = result.outputFiles
    .filter((file) =>
      [...eager].some((path) => file.path.endsWith(path.replace(/^.*?\.bundle-test/, '.bundle-test'))),
    )
    .reduce((total, file) => total + gzipSync(file.contents).length, 0)
  const lazy = Object.keys(outputs).filter((path) => !eager.has(path) && path.endsWith('.js'))
  return { eager: packagesOf(eager), lazy: packagesOf(lazy), eagerBytes }
}

it('loads no RPC, transaction building or token program code with the entry; sends load it on first use', async () => {
  const { eager, lazy, eagerBytes } = await bundleEntry()
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
  const { readdir, readFile } = await import('node:fs/promises')
  const directory = new URL('./', import.meta.url)
  const imported = new Set<string>()
  for (const file of await readdir(directory)) {
    if (!file.endsWith('.ts')) continue
    const source = await readFile(new URL(file, directory), 'utf8')
    for (const [, specifier] of source.matchAll(/from '(@portico\/core[^']*)'/g)) imported.add(specifier!)
  }
  expect([...imported].sort()).toEqual(['@portico/core', '@portico/core/adapter-kit'])
})
