import { createTestAdapterContext } from '@portico/test'
import { bundleEntry, coreImportsOf } from '@portico/test/adapters'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_TETHER_STYLE_TOKENS",
      "DEFAULT_UNIVERSAL_RESOLVERS",
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
  expect(await coreImportsOf(new URL('./', import.meta.url))).toEqual([
    '@portico/core',
    '@portico/core/adapter-kit',
  ])
})

/** The adapter's own modules in what loads with the entry and in the chunks behind `import()`. */
async function bundleModules() {
  const { eager, lazy } = await bundleEntry(new URL('./index.ts', import.meta.url), ['@portico/core', 'viem'])
  const modulesOf = (inputs: string[]) => inputs.map((input) => input.replace(/^.*?src\//, ''))
  return { eager: modulesOf(eager), lazy: modulesOf(lazy) }
}

it("loads the send code, the RPC client (balance reads), ENS, WalletConnect's provider and the site's external wallets on first use, not with the entry", async () => {
  const { eager, lazy } = await bundleModules()
  expect(eager).toContain('evm.ts')
  expect(eager).toContain('createSendCapability.ts')
  expect(eager).not.toContain('send.ts')
  expect(eager).not.toContain('rpcClient.ts')
  // The name service's shell and the WalletConnect provider load after connecting, or on a pairing.
  expect(eager).not.toContain('createNamesCapability.ts')
  expect(eager).not.toContain('ensNames.ts')
  expect(eager).not.toContain('externalEntries.ts')
  expect(eager).not.toContain('walletConnectProvider.ts')
  expect([...lazy].sort()).toEqual([
    'createNamesCapability.ts',
    'ensNames.ts',
    'externalEntries.ts',
    'rpcClient.ts',
    'send.ts',
    'walletConnectProvider.ts',
  ])
}, 30_000)

it('answers isAddress at once, without loading the send code', () => {
  const adapter = entry.evm()(createTestAdapterContext([]).context)
  expect(adapter.send?.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
  expect(adapter.send?.isAddress('0x70997970c51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  for (const method of ['estimateFee', 'send', 'waitForTransaction'] as const)
    expect(adapter.send?.[method], method).toBeTypeOf('function')
})
