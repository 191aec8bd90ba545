import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

describe('@portico/test/solana/wallet', () => {
  it('resolves through the package exports and offers these names', async () => {
    const entry = await import('@portico/test/solana/wallet')
    expect(Object.keys(entry).sort()).toEqual([
      'DEFAULT_SOLANA_DEV_WALLET_NAME',
      'SOLANA_TEST_ADDRESSES',
      'SOLANA_TEST_SEEDS',
      'createTestSolanaWallet',
      'installTestSolanaWallets',
      'registerTestSolanaWallet',
    ])
  })

  it('bundles for the browser without any node: module', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.some((input) => input.includes('solana/wallet/createTestSolanaWallet.ts'))).toBe(true)
    expect(inputs.filter((input) => input.startsWith('node:') || input.includes('viem'))).toEqual([])
  })
})
