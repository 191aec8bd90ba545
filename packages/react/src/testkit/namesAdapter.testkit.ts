import type { NameRecord, NamesCapability } from '@portico/core'
import type { FakeAdapterHandle } from '@portico/core/testing'

/** A PNG's first bytes as a data: URL: enough for core's avatar check, and an image element. */
export const AVATAR_PNG = `data:image/png;base64,${btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3))}`

/**
 * Gives the test instance's fake adapter a name service over tables, on every network: the real
 * one reads ENS on anvil in adapter-evm's tests; here only the views are under test.
 */
export function addNames(
  test: { handle: FakeAdapterHandle },
  tables: { primary?: Record<string, NameRecord>; names?: Record<string, NameRecord> },
) {
  const adapter = test.handle.adapter
  if (!adapter) throw new Error('The fake adapter is not created yet.')
  const lookups: string[] = []
  const names: NamesCapability = {
    supports: () => true,
    isName: (text) => /^[^\s.]+(\.[^\s.]+)+$/.test(text) && !text.startsWith('0x'),
    lookupAddress: async ({ address }) => tables.primary?.[address],
    resolveName: async ({ name }) => {
      lookups.push(name)
      return tables.names?.[name.toLowerCase()]
    },
  }
  adapter.loadNames = async () => names
  return { lookups }
}
