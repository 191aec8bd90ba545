import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { InstallTestBitcoinWalletsConfig } from './wallet/installTestBitcoinWallets.js'

/** The protocol test wallets a script installs; plain data, since the script carries it as JSON. */
export interface TestBitcoinWalletScriptConfig
  extends Omit<InstallTestBitcoinWalletsConfig, 'persist' | 'target'> {
  /** Keep the wallets' authorisation and account across reloads in the page's `localStorage`. */
  persist?: boolean
}

/**
 * Bundles the Bitcoin protocol test wallets (Wallet Standard, Unisat-style, Phantom) into one
 * classic script that installs them when a page loads, for `page.addInitScript`.
 * @example
 * await page.addInitScript({ content: await buildTestBitcoinWalletScript({ unisat: ['okx'] }) })
 * await page.evaluate(() => window.__porticoTestBitcoinWallets?.unisat.okx?.setMode('reject'))
 */
export async function buildTestBitcoinWalletScript(config: TestBitcoinWalletScriptConfig): Promise<string> {
  // The TypeScript source when run from src/, the compiled module when run from dist/.
  const here = join(dirname(fileURLToPath(import.meta.url)), 'wallet')
  const source = join(here, 'installTestBitcoinWallets.ts')
  const entry = existsSync(source) ? source : join(here, 'installTestBitcoinWallets.js')
  const { persist, ...rest } = config
  const contents = [
    `import { installTestBitcoinWallets } from ${JSON.stringify(entry)}`,
    `const config = ${JSON.stringify(rest)}`,
    persist ? 'config.persist = window.localStorage' : '',
    'installTestBitcoinWallets(config)',
    '',
  ].join('\n')
  const result = await build({
    stdin: { contents, resolveDir: here, loader: entry.endsWith('.ts') ? 'ts' : 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  const output = result.outputFiles[0]
  if (!output) throw new Error('esbuild produced no Bitcoin test wallet script.')
  return output.text
}
