import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { InstallTestPolkadotExtensionConfig } from './polkadot/wallet/installTestPolkadotExtension.js'
import type { InstallTestSolanaWalletConfig } from './solana/wallet/installTestSolanaWallets.js'
import type { InstallTestWalletConfig } from './wallet/installTestWallets.js'

/** The Solana dev wallet's part of a test wallet script; plain data, since the script carries it as JSON. */
export interface TestSolanaWalletScriptConfig
  extends Omit<InstallTestSolanaWalletConfig, 'seeds' | 'persist'> {
  /** 32-byte seeds, as bytes or arrays of numbers; default SOLANA_TEST_SEEDS. */
  seeds?: readonly (Uint8Array | readonly number[])[]
  /** Keep the wallet's authorisation and account across reloads in the page's `localStorage`. */
  persist?: boolean
}

/** The Polkadot dev extension's part of a test wallet script; plain data, since the script carries it as JSON. */
export interface TestPolkadotWalletScriptConfig extends Omit<InstallTestPolkadotExtensionConfig, 'persist'> {
  /** Keep the site's authorisation and exposed accounts across reloads in the page's `localStorage`. */
  persist?: boolean
}

export interface TestWalletScriptConfig extends InstallTestWalletConfig {
  /** Also install a Wallet Standard Solana dev wallet (pass `name: DEV_WALLET_NAME` for one wallet in both namespaces). */
  solana?: TestSolanaWalletScriptConfig
  /** Also inject the Polkadot dev extension under `window.injectedWeb3['portico-dev-wallet']`. */
  polkadot?: TestPolkadotWalletScriptConfig
}

/**
 * Bundles the test wallet into one classic script that installs the dev wallets when a page
 * loads, for pages that do not bundle it themselves; with `solana`, it also registers the Solana
 * dev wallet (by the Wallet Standard, a moment after the script runs, once its keys are derived).
 * @example
 * await page.addInitScript({ content: await buildTestWalletScript({ chains: [{ chainId: 31337, rpcUrl, name: 'Anvil' }] }) })
 * await page.evaluate(() => window.__porticoDevWallets?.['dev.portico.wallet']?.setMode('reject'))
 */
export async function buildTestWalletScript(config: TestWalletScriptConfig): Promise<string> {
  // The TypeScript source when run from src/, the compiled module when run from dist/.
  const here = dirname(fileURLToPath(import.meta.url))
  const entryOf = (folder: string) => {
    const source = join(here, folder, 'index.ts')
    return existsSync(source) ? source : join(here, folder, 'index.js')
  }
  const walletEntry = entryOf('wallet')
  const { solana, polkadot, ...evm } = config
  let contents = `import { installTestWallets } from ${JSON.stringify(walletEntry)}\ninstallTestWallets(${JSON.stringify(evm)})\n`
  if (solana) contents += solanaInstallCode(entryOf(join('solana', 'wallet')), solana)
  if (polkadot) contents += polkadotInstallCode(entryOf(join('polkadot', 'wallet')), polkadot)
  const result = await build({
    stdin: {
      contents,
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

/** The script lines that inject the Polkadot dev extension; storage by name. */
function polkadotInstallCode(entry: string, polkadot: TestPolkadotWalletScriptConfig): string {
  const { persist, ...rest } = polkadot
  return [
    `import { installTestPolkadotExtension } from ${JSON.stringify(entry)}`,
    `const polkadot = ${JSON.stringify(rest)}`,
    persist ? 'polkadot.persist = window.localStorage' : '',
    'installTestPolkadotExtension(polkadot, window)',
    '',
  ].join('\n')
}

/** The script lines that install the Solana dev wallet: seeds go in as number arrays, storage by name. */
function solanaInstallCode(entry: string, solana: TestSolanaWalletScriptConfig): string {
  const { seeds, persist, ...rest } = solana
  const data = { ...rest, ...(seeds ? { seeds: seeds.map((seed) => Array.from(seed)) } : {}) }
  return [
    `import { installTestSolanaWallets } from ${JSON.stringify(entry)}`,
    `const solana = ${JSON.stringify(data)}`,
    'if (solana.seeds) solana.seeds = solana.seeds.map((seed) => new Uint8Array(seed))',
    persist ? 'solana.persist = window.localStorage' : '',
    "installTestSolanaWallets(solana).catch((error) => console.error('The Solana dev wallet did not install.', error))",
    '',
  ].join('\n')
}
