// The published packages as a user gets them: every public package packed as a publisher would
// (`pnpm pack`), installed from those tarballs into a fresh app outside the workspace with npm and
// with pnpm, built with Vite, and the README's quick starts run in Chromium. A broken `exports` map,
// a file missing from `files`, a `workspace:` range left in a manifest or a dependency that is only
// hoisted in the workspace fails here.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const template = fileURLToPath(new URL('./app/', import.meta.url))
const work = join(tmpdir(), 'portico-package-check')
const tarballs = join(work, 'tarballs')

/** Every package a user installs (the private test kit and the demo are not published). */
const PUBLIC_PACKAGES = [
  'core',
  'react',
  'adapter-evm',
  'adapter-solana',
  'adapter-polkadot',
  'siwx',
  'embedded-wallet',
  'walletconnect',
  'server',
] as const

const TEST_ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true' } })
  if (result.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) exited ${result.status}:\n${result.stdout}\n${result.stderr}`,
    )
  return result.stdout
}

let packed: Map<string, string> | undefined

/** Packs every public package once; returns package name → tarball path. */
function packAll(): Map<string, string> {
  if (packed) return packed
  rmSync(tarballs, { recursive: true, force: true })
  mkdirSync(tarballs, { recursive: true })
  const byName = new Map<string, string>()
  for (const dir of PUBLIC_PACKAGES) {
    const packageDir = join(root, 'packages', dir)
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { name: string }
    const before = new Set(readdirSync(tarballs))
    run('pnpm', ['pack', '--pack-destination', tarballs], packageDir)
    const made = readdirSync(tarballs).filter((file) => !before.has(file))
    if (made.length !== 1)
      throw new Error(`pnpm pack in packages/${dir} made ${made.join(', ') || 'nothing'}`)
    const tarball = join(tarballs, made[0]!)
    // What every package must carry for a user: its licence and a README.
    const listing = run('tar', ['-tzf', tarball], root)
    for (const file of ['package/LICENSE', 'package/README.md', 'package/package.json'])
      if (!listing.split('\n').includes(file)) throw new Error(`${manifest.name}'s tarball has no ${file}`)
    const packedManifest = run('tar', ['-xzOf', tarball, 'package/package.json'], root)
    if (packedManifest.includes('workspace:'))
      throw new Error(`${manifest.name}'s packed manifest still says workspace:`)
    byName.set(manifest.name, tarball)
  }
  packed = byName
  return byName
}

/** A fresh app outside the workspace that depends on the tarballs, as `manager` installs it. */
function makeApp(manager: 'npm' | 'pnpm'): string {
  const app = join(work, `app-${manager}`)
  rmSync(app, { recursive: true, force: true })
  cpSync(template, app, { recursive: true })
  const fromTarballs = Object.fromEntries([...packAll()].map(([name, file]) => [name, `file:${file}`]))
  const demo = JSON.parse(readFileSync(join(root, 'apps/demo/package.json'), 'utf8'))
  const manifest = {
    name: `portico-package-check-${manager}`,
    private: true,
    type: 'module',
    dependencies: {
      ...fromTarballs,
      react: demo.dependencies.react,
      'react-dom': demo.dependencies['react-dom'],
      viem: demo.dependencies.viem,
    },
    devDependencies: { vite: demo.devDependencies.vite },
    // The packages depend on each other by version range: those must be the tarballs too, not
    // whatever the registry has under the same name.
    ...(manager === 'npm'
      ? { overrides: Object.fromEntries(Object.keys(fromTarballs).map((name) => [name, `$${name}`])) }
      : { pnpm: { overrides: fromTarballs } }),
  }
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  if (manager === 'npm') run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], app)
  else run('pnpm', ['install', '--ignore-workspace', '--config.confirmModulesPurge=false'], app)
  return app
}

function startPreview(app: string, port: number): Promise<ChildProcess> {
  const vite = join(app, 'node_modules/.bin/vite')
  const child = spawn(vite, ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: app,
    stdio: 'ignore',
  })
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 30_000
    const poll = () => {
      fetch(`http://127.0.0.1:${port}/`)
        .then((response) => (response.ok ? resolve(child) : retry()))
        .catch(retry)
    }
    const retry = () => {
      if (child.exitCode !== null) reject(new Error(`vite preview exited with ${child.exitCode}`))
      else if (Date.now() > deadline) reject(new Error(`vite preview did not answer on port ${port}`))
      else setTimeout(poll, 200)
    }
    poll()
  })
}

/**
 * A wallet in the page, announced over EIP-6963 as an extension would be: it approves the
 * connection with one account on mainnet.
 */
async function installTestWallet(context: BrowserContext) {
  await context.addInitScript((account: string) => {
    const provider = {
      request: async ({ method }: { method: string }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account]
        if (method === 'eth_chainId') return '0x1'
        if (method === 'wallet_switchEthereumChain') return null
        throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
      },
      on: () => provider,
      removeListener: () => provider,
    }
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent('eip6963:announceProvider', {
          detail: Object.freeze({
            info: {
              uuid: '5d7c0c0e-6b7a-4f8e-9c55-0e6f3c1f2a11',
              name: 'Package Check Wallet',
              icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
              rdns: 'dev.portico.packagecheck',
            },
            provider,
          }),
        }),
      )
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, TEST_ACCOUNT)
  // Nothing leaves the machine: a public RPC the quick start names is refused, as offline.
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort())
}

function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

for (const [manager, port] of [
  ['npm', 4310],
  ['pnpm', 4311],
] as const) {
  test.describe(`installed with ${manager}`, () => {
    test.describe.configure({ mode: 'serial' })
    let app = ''
    let preview: ChildProcess | undefined

    test.beforeAll(async () => {
      test.setTimeout(600_000)
      app = makeApp(manager)
      run(join(app, 'node_modules/.bin/vite'), ['build'], app)
      preview = await startPreview(app, port)
    })
    test.afterAll(() => {
      preview?.kill()
    })

    test('the README React quick start builds, opens the modal and connects a wallet', async ({
      page,
      context,
    }) => {
      await installTestWallet(context)
      const errors = collectErrors(page)
      await page.goto(`http://localhost:${port}/`)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const modal = page.getByRole('dialog')
      await expect(modal).toHaveAccessibleName('Connect a wallet')
      await modal.getByRole('button', { name: /Package Check Wallet/ }).click()
      // Connected, the modal closes; the page shows the account, and the button opens Account.
      await expect(modal).toBeHidden()
      await expect(page.getByText(new RegExp(`^${TEST_ACCOUNT}:`))).toBeVisible()
      await page.getByRole('button', { name: /^Account / }).click()
      await expect(modal).toHaveAccessibleName('Account')
      expect(errors).toEqual([])
    })

    test('the README headless quick start lists the wallet and connects it', async ({ page, context }) => {
      await installTestWallet(context)
      const errors = collectErrors(page)
      const logged: string[] = []
      page.on('console', (message) => logged.push(message.text()))
      await page.goto(`http://localhost:${port}/headless.html`)
      await page.getByRole('button', { name: 'Connect Package Check Wallet' }).click()
      await expect.poll(() => logged).toContain(`connected ${TEST_ACCOUNT}`)
      expect(errors).toEqual([])
    })

    test("the server's command from the README registers a project", () => {
      const dataDir = join(app, 'portico-data')
      rmSync(dataDir, { recursive: true, force: true })
      const cli = join(app, 'node_modules/.bin/portico-server')
      expect(existsSync(cli)).toBe(true)
      const env = { ...process.env, PORTICO_DATA_DIR: dataDir }
      const add = spawnSync(
        cli,
        ['project', 'add', 'my-site', '--origin', 'https://my-site.example', '--name', 'My site'],
        { cwd: app, env, encoding: 'utf8' },
      )
      expect(add.status, add.stderr).toBe(0)
      const list = spawnSync(cli, ['project', 'list', '--json'], { cwd: app, env, encoding: 'utf8' })
      expect(list.status, list.stderr).toBe(0)
      expect(JSON.parse(list.stdout)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: 'my-site', allowedOrigins: ['https://my-site.example'] }),
        ]),
      )
    })
  })
}
