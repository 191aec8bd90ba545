import { fileURLToPath } from 'node:url'
import { createTestAdapterContext } from '@portico/test'
import { build } from 'esbuild'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_TETHER_STYLE_TOKENS",
      "INJECTED_CONNECTOR_ID",
      "defineEvmNetwork",
      "evm",
      "getProviderErrorCode",
      "isSafeIconUrl",
      "mapProviderError",
    ]
  `)
})

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

/**
 * Bundles the entry for a browser as a site would (code splitting on; core and viem left out, a
 * site shares them) and lists the adapter's own modules in what loads with the entry (its chunk
 * and the chunks it imports statically) and in the chunks behind `import()`.
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
    external: ['@portico/core', 'viem'],
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
  const modulesOf = (paths: Iterable<string>) =>
    [...paths]
      .flatMap((path) => Object.keys(outputs[path]!.inputs))
      .map((input) => input.replace(/^.*?src\//, ''))
      .sort()
  const lazy = Object.keys(outputs).filter((path) => !eager.has(path) && path.endsWith('.js'))
  return { eager: modulesOf(eager), lazy: modulesOf(lazy) }
}

it('loads the send code (fee estimates, transfers, receipts) on first use, not with the entry', async () => {
  const { eager, lazy } = await bundleEntry()
  expect(eager).toContain('evm.ts')
  expect(eager).toContain('createSendCapability.ts')
  expect(eager).not.toContain('send.ts')
  expect(lazy).toEqual(['send.ts'])
}, 30_000)

it('answers isAddress at once, without loading the send code', () => {
  const adapter = entry.evm()(createTestAdapterContext([]).context)
  expect(adapter.send?.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
  expect(adapter.send?.isAddress('0x70997970c51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  for (const method of ['estimateFee', 'send', 'waitForTransaction'] as const)
    expect(adapter.send?.[method], method).toBeTypeOf('function')
})
