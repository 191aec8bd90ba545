import { expect, type Page, test } from '@playwright/test'
import { bitcoinTestKey } from '@portico/test/bitcoin/keys'
import { bitcoinEsploraUrl, bitcoinNetworkId, mineBitcoinBlock } from './bitcoin'
import { connectButton, fillAndReviewSend, modal, openAccountAfterConnecting, openSendView } from './fixtures'
import { screenshot, screenshotEverywhere } from './screenshot'

// The dev wallet's Bitcoin side: test keys 0 and 1 (P2WPKH payment, P2TR ordinals), funded by the
// e2e node (scripts/bitcoin.mjs). Test key 0 only reads and signs; sends spend from key 1.
const DEV_WALLET_NAME = 'Portico Dev Wallet'
const key = (index: number) => bitcoinTestKey(index)

type BitcoinWalletCall = 'setMode' | 'setAccount' | 'state'

/** Calls a switch of the Bitcoin dev wallet in the page (window.__porticoDevBitcoinWallet). */
async function bitcoinWallet(page: Page, method: BitcoinWalletCall, arg?: unknown): Promise<unknown> {
  await page.waitForFunction(() =>
    Boolean((window as { __porticoDevBitcoinWallet?: unknown }).__porticoDevBitcoinWallet),
  )
  return page.evaluate(
    ([call, value]) => {
      const wallet = (
        window as unknown as { __porticoDevBitcoinWallet: Record<string, (x?: unknown) => unknown> }
      ).__porticoDevBitcoinWallet
      return JSON.parse(JSON.stringify(wallet[call as string]!(value) ?? null))
    },
    [method, arg] as const,
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

/** Connects the dev wallet on test key `index` and moves the page to Bitcoin Regtest: Account on Bitcoin. */
async function connectOnBitcoin(page: Page, index: number, path = '/') {
  await page.goto(path)
  await bitcoinWallet(page, 'setAccount', index)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await openAccountAfterConnecting(page)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await modal(page)
    .getByRole('button', { name: /Bitcoin Regtest/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(`Bitcoin Regtest (${bitcoinNetworkId})`)
  await expect(page.getByTestId('demo-address')).toHaveText(key(index).p2wpkh)
  await expect(modal(page)).toHaveAccessibleName('Account')
}

test('connects the dev wallet on Bitcoin: the payment address by default, its balance, and the ordinals address a click away', async ({
  page,
}) => {
  await connectOnBitcoin(page, 0)
  const addressInUse = modal(page).getByRole('group', { name: 'Address in use' })
  await expect(addressInUse.getByRole('button', { name: 'Payment' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('demo-balance')).toContainText('tBTC')
  await screenshot(page, 'bitcoin-account-payment')
  await addressInUse.getByRole('button', { name: 'Ordinals' }).click()
  await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2tr)
  await expect(addressInUse.getByRole('button', { name: 'Ordinals' })).toHaveAttribute('aria-pressed', 'true')
  await screenshot(page, 'bitcoin-account-ordinals')
  await addressInUse.getByRole('button', { name: 'Payment' }).click()
  await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2wpkh)
})

test('the connection comes back after a reload without asking the wallet again', async ({ page }) => {
  await connectOnBitcoin(page, 0)
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(key(0).p2wpkh)
  await expect(page.getByTestId('demo-network')).toHaveText(`Bitcoin Regtest (${bitcoinNetworkId})`)
})

test('send: review, the wallet signs the PSBT, a mined block confirms it, the receiver gets exactly the amount, and Activity lists it', async ({
  page,
}) => {
  const to = bitcoinTestKey(40 + Math.floor(Math.random() * 1000)).p2wpkh
  await connectOnBitcoin(page, 1)
  await openSendView(page)
  await fillAndReviewSend(page, '0.0123', to, 'bitcoin-send')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Transaction started').first()).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Transaction')
  // Regtest has no miner: the test mines the block that confirms the send.
  await expect(async () => {
    await mineBitcoinBlock(1)
    await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await screenshot(page, 'bitcoin-send-confirmed')
  expect(await satsOf(to)).toBe(1_230_000n)

  // The server reads the payment address's history from the node: Activity lists the send.
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  // Other tests send from this key at the same time: the entry is found by its receiver.
  const sent = modal(page)
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ hasText: `To ${to.slice(0, 6)}…${to.slice(-4)}` })
  await expect(sent).toContainText('Sent')
  // Activity shows amounts to two decimals, as for the other namespaces.
  await expect(sent).toContainText('−0.01 tBTC')
  await screenshot(page, 'bitcoin-account-activity')
})

test('the wallet refuses a send: the usual rejection, nothing moves', async ({ page }) => {
  const to = bitcoinTestKey(2_000 + Math.floor(Math.random() * 1000)).p2wpkh
  await connectOnBitcoin(page, 1)
  await openSendView(page)
  await fillAndReviewSend(page, '0.001', to)
  await bitcoinWallet(page, 'setMode', 'reject')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toContainText('You declined the request in your wallet. Nothing was sent.')
  expect(await satsOf(to)).toBe(0n)
  await screenshot(page, 'bitcoin-send-declined')
})

test('a testnet address on regtest is refused by the name of its chain', async ({ page }) => {
  await connectOnBitcoin(page, 0)
  await openSendView(page)
  await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.001')
  await modal(page)
    .getByRole('textbox', { name: 'To', exact: true })
    .fill('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')
  await expect(modal(page)).toContainText(
    'This is a Bitcoin testnet address; this send is on Bitcoin regtest.',
  )
})

test('a wallet that never answers a send: Escape leaves the modal, nothing moves, and the next send goes at once', async ({
  page,
}) => {
  const to = bitcoinTestKey(3_000 + Math.floor(Math.random() * 1000)).p2wpkh
  await connectOnBitcoin(page, 1)
  await openSendView(page)
  await fillAndReviewSend(page, '0.0007', to)
  await bitcoinWallet(page, 'setMode', 'hang')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  expect(await satsOf(to)).toBe(0n)
  await page.getByRole('button', { name: /^Account / }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  // Closing let go of the unanswered send: the next one is not stuck behind it.
  await bitcoinWallet(page, 'setMode', 'approve')
  await openSendView(page)
  await fillAndReviewSend(page, '0.0007', to)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Transaction started').first()).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Transaction')
})

test('required sign-in on Bitcoin: the wallet signs with BIP-322, the server holds the session', async ({
  page,
}) => {
  await page.goto('/?siwx=required')
  await bitcoinWallet(page, 'setAccount', 0)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await page.getByRole('button', { name: /^Account / }).click()
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Bitcoin Regtest/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await screenshot(page, 'bitcoin-sign-in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  const token = await page.evaluate(
    (caip10) => {
      const tokens = JSON.parse(localStorage.getItem('portico:v1:siwxTokens') ?? '{}') as Record<
        string,
        string
      >
      return tokens[caip10]
    },
    `${bitcoinNetworkId}:${key(0).p2wpkh}`,
  )
  expect(token).toBeTruthy()
})

test('the Bitcoin Account in both themes, on desktop and on a 360 px phone', async ({ page }) => {
  await connectOnBitcoin(page, 0, '/')
  await expect(modal(page).getByRole('group', { name: 'Address in use' })).toBeVisible()
  await screenshotEverywhere(page, 'bitcoin-account')
})
