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
