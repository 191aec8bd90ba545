import { randomBytes } from 'node:crypto'
import { expect, type Page, test } from '@playwright/test'
import { solanaNetworkId, solanaRpcUrl } from './chains'
import {
  askForEmailCode,
  enterMailedCode,
  fillAndReviewSend,
  modal,
  openAccountAfterConnecting,
  openSendView,
} from './fixtures'
import { screenshot } from './screenshot'

// SPEC §6: the auth connector supports eip155 and solana. The demo passes its e-mail wallet to both
// `evm({ embeddedWallet })` and `solana({ embeddedWallet })`, so one login connects both namespaces.

const SOLANA_CAIP = `solana:${solanaNetworkId}`
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

async function solanaRpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

const solBalance = async (address: string) =>
  BigInt(((await solanaRpc('getBalance', [address])) as { value: number }).value)

const frame = (page: Page) => page.frameLocator('iframe[src*="/frame/"]')

test('e-mail wallet on Solana: one login connects both namespaces, and a SOL send approved in the frame lands on the validator', async ({
  page,
}) => {
  const email = `sol-${Date.now()}@example.com`
  await page.goto('/')
  await askForEmailCode(page, email)
  await enterMailedCode(page, email)
  await openAccountAfterConnecting(page)
  // The first network is EVM's: the e-mail wallet's EVM address shows first.
  await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const evmAddress = (await page.getByTestId('demo-address').textContent()) as string

  // Switching to Solana needs no new login: the same e-mail wallet's Solana account is there.
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await modal(page)
    .getByRole('button', { name: /Solana Local/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(`Solana Local (${SOLANA_CAIP})`)
  await expect(page.getByTestId('demo-address')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const solanaAddress = (await page.getByTestId('demo-address').textContent()) as string
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(modal(page)).toContainText(`${solanaAddress.slice(0, 4)}`)
  await screenshot(page, 'email-wallet-solana-account')

  // Fund the new account, then read Account again so the balance is the validator's.
  await solanaRpc('requestAirdrop', [solanaAddress, 2_000_000_000])
  expect(await solBalance(solanaAddress)).toBe(2_000_000_000n)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  // The page keeps balances 30 s (SPEC §9); dropping its caches is all that waiting does to them.
  await page.evaluate(() => {
    for (const key of ['portico:v1:portfolioCache', 'portico:v1:nativeBalanceCache'])
      localStorage.removeItem(key)
  })
  // Coming back after a reload also shows that both namespaces of the e-mail wallet are restored.
  await page.reload()
  await expect(page.getByTestId('demo-network')).toHaveText(`Solana Local (${SOLANA_CAIP})`)
  await expect(page.getByTestId('demo-address')).toHaveText(solanaAddress)
  await page.getByRole('button', { name: /^Account / }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')

  // The send asks on the frame's own approval screen; approving it sends through the frame.
  const to = encodeBase58(randomBytes(32))
  await openSendView(page)
  await fillAndReviewSend(page, '0.5', to)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
  await screenshot(page, 'email-wallet-solana-approve')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(modal(page)).toHaveAccessibleName('Transaction')
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await solBalance(to)).toBe(500_000_000n)
  expect(2_000_000_000n - (await solBalance(solanaAddress))).toBeGreaterThanOrEqual(500_005_000n)

  // Back on EVM, the same login still holds the EVM account.
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText('Anvil Two (eip155:31338)')
  await expect(page.getByTestId('demo-address')).toHaveText(evmAddress)
})
