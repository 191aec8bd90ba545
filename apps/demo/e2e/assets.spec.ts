import { expect, type Page, test } from '@playwright/test'
import { formatDisplayAmount, formatUnits } from '@portico/core'
import { TEST_TOKENS } from '@portico/test/tokens'
import {
  connectAccount,
  connectButton,
  devWallet,
  ethBalance,
  modal,
  openAccountAfterConnecting,
  tokenBalance,
} from './fixtures'
import { screenshot } from './screenshot'

// Account 3 is this file's: nothing else sends from or to it, so its balances are what the chain
// says they are when the test reads them.
const ACCOUNT_3 = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const token = (symbol: string) => TEST_TOKENS.find((entry) => entry.symbol === symbol)!

const openAccount = (page: Page, query = '') => connectAccount(page, 3, `/${query}`)

const tokenRow = (page: Page, name: string) =>
  modal(page)
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })

test('Tokens: ETH, PUSD, PTK and USDT as the chain has them, priced by the server; no zero-decimal token', async ({
  page,
}) => {
  await openAccount(page)
  await expect(modal(page).getByRole('tab', { name: 'Tokens' })).toHaveAttribute('aria-selected', 'true')

  const eth = await ethBalance(ACCOUNT_3)
  const expected = [
    { name: 'Ether', amount: formatUnits(eth, 18), symbol: 'ETH', price: 3000 },
    ...(['PUSD', 'PTK', 'USDT'] as const).map((symbol) => ({
      name: token(symbol).name,
      symbol,
      price: symbol === 'PTK' ? 2.5 : 1,
      amount: '',
    })),
  ]
  for (const entry of expected.slice(1)) {
    const { address, decimals } = token(entry.symbol)
    entry.amount = formatUnits(await tokenBalance(address, ACCOUNT_3), decimals)
  }
  for (const { name, amount, symbol } of expected) {
    await expect(tokenRow(page, name)).toContainText(`${formatDisplayAmount(amount)} ${symbol}`)
  }
  await expect(tokenRow(page, 'Portico USD')).toContainText('$1.00 each')
  await expect(tokenRow(page, 'Portico Token')).toContainText('$2.50 each')
  // SPEC §5: a token with zero decimals is dropped, although the account holds 10 of it.
  expect(await tokenBalance(token('ZERO').address, ACCOUNT_3)).toBe(10n)
  await expect(modal(page).getByRole('tabpanel')).not.toContainText('Zero Decimal')
  // The rows are ordered by value: ETH (30 M$ of it) first.
  await expect(modal(page).getByRole('tabpanel').getByRole('listitem').first()).toContainText('Ether')
  await expect(modal(page)).toContainText('Total value')
  await screenshot(page, 'account-tokens')
})

test('Activity lists what the indexer saw, with the other party and the time', async ({ page }) => {
  await openAccount(page)
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const panel = modal(page).getByRole('tabpanel')
  // The test tokens were minted to account 3 when the chain was prepared.
  await expect(panel.getByRole('listitem').filter({ hasText: 'USDT' }).first()).toContainText(
    '+500,000.00 USDT',
  )
  await expect(panel).toContainText(/Minted|Received/)
  await screenshot(page, 'account-activity')
})

test('the Tokens and Activity tabs work from the keyboard', async ({ page }) => {
  await openAccount(page)
  // SPEC §2 order with a server on an EVM network: Tokens, NFTs, Activity.
  const tokens = modal(page).getByRole('tab', { name: 'Tokens' })
  const nfts = modal(page).getByRole('tab', { name: 'NFTs' })
  const activity = modal(page).getByRole('tab', { name: 'Activity' })
  await tokens.focus()
  await page.keyboard.press('ArrowRight')
  await expect(nfts).toBeFocused()
  await expect(nfts).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(activity).toBeFocused()
  await expect(activity).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(tokens).toBeFocused()
  await expect(tokens).toHaveAttribute('aria-selected', 'true')
})

test('server down: the modal still works, the balance comes from the chain, and it says what is missing', async ({
  page,
}) => {
  // Nothing listens on port 9: every request to the server is refused.
  await openAccount(page, '?apiUrl=http://127.0.0.1:9')
  const eth = await ethBalance(ACCOUNT_3)
  await expect(tokenRow(page, 'Ether')).toContainText(`${formatDisplayAmount(formatUnits(eth, 18))} ETH`)
  // Said once, in the Tokens tab with when to try again: no toast repeats it.
  await expect(modal(page).getByText(/You can try again in \d+ s\./)).toBeVisible()
  await expect(page.getByText('Token Balance Unavailable')).toHaveCount(1)
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  await expect(modal(page).getByRole('tabpanel')).toContainText('Failed to fetch transactions')
  await screenshot(page, 'account-server-down')
  // Everything that needs no server still works: switching the network, for one.
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31338')
})

test('a project the server does not know: the modal says Invalid Project ID', async ({ page }) => {
  await openAccount(page, '?projectId=no-such-project')
  await expect(page.getByText('Invalid Project ID').first()).toBeVisible()
})

test('a page on an origin the project does not allow: the modal says Invalid App Configuration', async ({
  page,
}) => {
  // The project allows http://localhost:4173 only; the same page from 127.0.0.1 is another origin.
  await page.goto('http://127.0.0.1:4173/')
  await devWallet(page).setAccount(3)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await openAccountAfterConnecting(page)
  await expect(page.getByText('Invalid App Configuration').first()).toBeVisible()
})
