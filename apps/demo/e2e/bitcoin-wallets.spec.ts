import { expect, type Page, test } from '@playwright/test'
import { buildTestBitcoinWalletScript, type TestBitcoinWalletScriptConfig } from '@portico/test/bitcoin'
import { bitcoinTestKey } from '@portico/test/bitcoin/keys'
import { mineBitcoinBlocks } from '@portico/test/bitcoin/rpc'
import { bitcoinEsploraUrl, bitcoinNetworkId, bitcoinNodeUrl, mineBitcoinBlock } from './bitcoin'
import { connectButton, fillAndReviewSend, modal, openAccountAfterConnecting, openSendView } from './fixtures'

// The Bitcoin wallet protocols beyond the dev wallet's sats-connect one: the Bitcoin Wallet
// Standard, the Unisat-style API (UniSat, OKX, Bitget) and Phantom's bitcoin provider, each with
// @portico/test's wallet of that protocol on test keys 0 and 1 (funded by the e2e node).
const key = (index: number) => bitcoinTestKey(index)

/** Puts the protocol test wallets into every page the test opens, before the page's own scripts. */
async function installWallets(page: Page, config: TestBitcoinWalletScriptConfig) {
  await page.addInitScript({ content: await buildTestBitcoinWalletScript({ persist: true, ...config }) })
}

/** Calls a switch of a protocol test wallet in the page: `path` is 'standard', 'phantom' or 'unisat.<placement>'. */
async function testWallet(page: Page, path: string, method: string, arg?: unknown) {
  await page.waitForFunction(() =>
    Boolean((window as { __porticoTestBitcoinWallets?: unknown }).__porticoTestBitcoinWallets),
  )
  return page.evaluate(
    ([where, call, value]) => {
      let wallet: unknown = (window as unknown as { __porticoTestBitcoinWallets: unknown })
        .__porticoTestBitcoinWallets
      for (const part of (where as string).split('.')) wallet = (wallet as Record<string, unknown>)[part]
      return JSON.parse(
        JSON.stringify((wallet as Record<string, (x?: unknown) => unknown>)[call as string]!(value) ?? null),
      )
    },
    [path, method, arg] as const,
  )
}

/** What the server's Esplora-compatible routes say an address holds (confirmed + mempool), in sats. */
async function satsOf(address: string): Promise<bigint> {
  const response = await fetch(`${bitcoinEsploraUrl}/address/${address}?projectId=portico-demo`, {
    headers: { origin: 'http://localhost:4173' },
  })
  if (!response.ok) throw new Error(`the server answered ${response.status}: ${await response.text()}`)
  const body = (await response.json()) as Record<'chain_stats' | 'mempool_stats', Record<string, number>>
  const sum = (stats: Record<string, number>) => BigInt(stats.funded_txo_sum!) - BigInt(stats.spent_txo_sum!)
  return sum(body.chain_stats) + sum(body.mempool_stats)
}

/** Picks `name` in the modal and waits for the Account view on Bitcoin Regtest with `address`. */
async function connectBitcoinWallet(page: Page, name: string, address: string) {
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(name) })
    .click()
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-network')).toHaveText(`Bitcoin Regtest (${bitcoinNetworkId})`)
  await expect(page.getByTestId('demo-address')).toHaveText(address)
}

const injected = [
  { name: 'UniSat Wallet', path: 'unisat.unisat', single: true },
  { name: 'OKX Wallet', path: 'unisat.okx', single: true },
  { name: 'Bitget Wallet', path: 'unisat.bitget', single: true },
  { name: 'Phantom', path: 'phantom', single: false },
] as const

for (const wallet of injected) {
  test(`${wallet.name} connects on Bitcoin through its injected API, and comes back after a reload`, async ({
    page,
  }) => {
    await installWallets(page, { unisat: ['unisat', 'okx', 'bitget'], phantom: true })
    await page.goto('/')
    await connectButton(page).click()
    const row = modal(page).getByRole('button', { name: new RegExp(wallet.name) })
    await expect(row).toHaveCount(1)
    await expect(row.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await page.keyboard.press('Escape')
    await connectBitcoinWallet(page, wallet.name, key(0).p2wpkh)
    const addressInUse = modal(page).getByRole('group', { name: 'Address in use' })
    if (wallet.single) {
      // One address holds payment and ordinals: there is nothing to switch between.
      await expect(addressInUse).toHaveCount(0)
    } else {
      await addressInUse.getByRole('button', { name: 'Ordinals' }).click()
      await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2tr)
      await addressInUse.getByRole('button', { name: 'Payment' }).click()
    }
    await page.reload()
    await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2wpkh)
    expect(await testWallet(page, wallet.path, 'state')).toMatchObject({ connected: true })
  })
}

test('a declined connect in Phantom reads as declined, and Try again connects', async ({ page }) => {
  await installWallets(page, { phantom: true })
  await page.goto('/')
  await testWallet(page, 'phantom', 'setMode', 'reject')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Phantom/ })
    .click()
  await expect(modal(page)).toContainText('Connection declined')
  await testWallet(page, 'phantom', 'setMode', 'approve')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2wpkh)
})

test('a Wallet Standard wallet with the name of an EVM wallet is one multi-chain row, connected in both namespaces', async ({
  page,
}) => {
  // The demo installs "Second Dev Wallet" in EVM with ?wallets=2; the Bitcoin one registers by the Wallet Standard.
  await installWallets(page, { standard: { name: 'Second Dev Wallet' } })
  await page.goto('/?wallets=2')
  await connectButton(page).click()
  await expect(modal(page).getByRole('button', { name: /Second Dev Wallet/ })).toHaveCount(1)
  await modal(page)
    .getByRole('button', { name: /Second Dev Wallet/ })
    .click()
  await openAccountAfterConnecting(page)
  const namespaces = await page.evaluate(() => {
    const { state } = (window as unknown as { portico: { state: { chains: Record<string, unknown> } } })
      .portico
    return Object.entries(state.chains as Record<string, { accountState: { address?: string } }>)
      .filter(([, chain]) => chain.accountState.address)
      .map(([namespace, chain]) => `${namespace}:${chain.accountState.address}`)
      .sort()
  })
  expect(namespaces).toContain(`bip122:${key(0).p2wpkh}`)
  expect(namespaces.some((account) => account.startsWith('eip155:'))).toBe(true)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Bitcoin Regtest/ })
    .click()
  await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2wpkh)
})

test('send through the Wallet Standard: the wallet signs the PSBT, a mined block confirms it', async ({
  page,
}) => {
  // Test key 2 is this test's alone: a coinbase of its own, matured by 100 blocks, pays for the send.
  await mineBitcoinBlocks(bitcoinNodeUrl, 1, key(2).p2wpkh)
  await mineBitcoinBlock(100)
  const to = bitcoinTestKey(3_000 + Math.floor(Math.random() * 1000)).p2wpkh
  await installWallets(page, { standard: { name: 'Standard Test Wallet', accounts: 3, accountIndex: 2 } })
  await page.goto('/')
  await connectBitcoinWallet(page, 'Standard Test Wallet', key(2).p2wpkh)
  await openSendView(page)
  await fillAndReviewSend(page, '0.0042', to)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Transaction')
  await expect(async () => {
    await mineBitcoinBlock(1)
    await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  expect(await satsOf(to)).toBe(420_000n)
})
