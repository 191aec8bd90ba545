import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { InstallTestWalletConfig } from './wallet/installTestWallets.js'

/**
 * Bundles the test wallet into one classic script that installs the dev wallets when a page
 * loads, for pages that do not bundle it themselves.
 * @example
 * await page.addInitScript({ content: await buildTestWalletScript({ chains: [{ chainId: 31337, rpcUrl, name: 'Anvil' }] }) })
 * await page.evaluate(() => window.__porticoDevWallets?.['dev.portico.wallet']?.setMode('reject'))
 */
export async function buildTestWalletScript(config: InstallTestWalletConfig): Promise<string> {
  // The TypeScript source when run from src/, the compiled module when run from dist/.
  const here = dirname(fileURLToPath(import.meta.url))
  const source = join(here, 'wallet', 'index.ts')
  const walletEntry = existsSync(source) ? source : join(here, 'wallet', 'index.js')
  const result = await build({
    stdin: {
      contents: `import { installTestWallets } from ${JSON.stringify(walletEntry)}\ninstallTestWallets(${JSON.stringify(config)})\n`,
      resolveDir: dirname(walletEntry),
      loader: walletEntry.endsWith('.ts') ? 'ts' : 'js',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no test wallet script.')
  return output.text
}
