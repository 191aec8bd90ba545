import { expect, type Page, test } from '@playwright/test'
import { movePoolPrice } from '@portico/test'
import { testSwapPool } from '@portico/test/swap'
import { TEST_TOKENS } from '@portico/test/tokens'
import { rpcUrl } from './chains'
import { connectAccount, devWallet, modal, tokenBalance } from './fixtures'
import { screens, screenshot, screenshotEverywhere } from './screenshot'

// Account 1 swaps in this file, one test after another: no other test touches its balances.
const ACCOUNT_1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const token = (symbol: string) => TEST_TOKENS.find((entry) => entry.symbol === symbol)!

test.describe.configure({ mode: 'serial' })

/** Connects account 1 and opens Swap from Account's wallet actions: 1 ETH to swap, no target yet. */
async function openSwap(page: Page, path = '/') {
  await connectAccount(page, 1, path)
  await modal(page)
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Swap' })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Swap')
  await expect(modal(page).getByRole('textbox', { name: 'Amount of ETH to swap' })).toHaveValue('1')
}

/** Picks the token of one side by its name on SwapSelectToken. */
async function pick(page: Page, side: 'source' | 'to', name: string) {
  const buttons = modal(page).getByRole('button', { name: /^Select token$|, change token$/ })
  const current = side === 'source' ? buttons.first() : buttons.last()
  await current.click()
  await expect(modal(page)).toHaveAccessibleName('Select token')
  await modal(page)
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Swap')
}

async function amount(page: Page, symbol: string, value: string) {
  await modal(page)
    .getByRole('textbox', { name: `Amount of ${symbol} to swap` })
    .fill(value)
}

async function review(page: Page) {
  await modal(page).getByRole('button', { name: 'Review swap' }).click({ timeout: 20_000 })
  await expect(modal(page)).toHaveAccessibleName('Review swap')
}

/** Presses Swap on the preview and waits for Account and the success toast. */
async function confirm(page: Page) {
  await modal(page).getByRole('button', { name: 'Swap', exact: true }).click({ timeout: 20_000 })
  await expect(page.getByText(/^Swapped /)).toBeVisible({ timeout: 30_000 })
  await expect(modal(page)).toHaveAccessibleName('Account')
}

test('ETH → PUSD: the pools pay out, the modal says so and returns to Account', async ({ page }) => {
  const before = await tokenBalance(token('PUSD').address, ACCOUNT_1)
  await openSwap(page)
  await pick(page, 'to', 'Portico USD')
  await amount(page, 'ETH', '0.5')
  await review(page)
  await expect(modal(page).getByText('Minimum received')).toBeVisible()
  await confirm(page)
  expect(await tokenBalance(token('PUSD').address, ACCOUNT_1)).toBeGreaterThan(before)
})

test('PUSD → PTK: approve first, then swap', async ({ page }) => {
  const before = await tokenBalance(token('PTK').address, ACCOUNT_1)
  await openSwap(page)
  await pick(page, 'source', 'Portico USD')
  await pick(page, 'to', 'Portico Token')
  await amount(page, 'PUSD', '10')
  await review(page)
  await modal(page).getByRole('button', { name: 'Approve PUSD' }).click()
  await expect(modal(page).getByRole('button', { name: 'Swap', exact: true })).toBeEnabled({
    timeout: 30_000,
  })
  await confirm(page)
  expect(await tokenBalance(token('PTK').address, ACCOUNT_1)).toBeGreaterThan(before)
})

test('USDT (a transfer that returns nothing) as the source', async ({ page }) => {
  const before = await tokenBalance(token('USDT').address, ACCOUNT_1)
  await openSwap(page)
  await pick(page, 'source', 'Tether USD')
  await pick(page, 'to', 'Ether')
  await amount(page, 'USDT', '5')
  await review(page)
  await modal(page).getByRole('button', { name: 'Approve USDT' }).click()
  await confirm(page)
  expect(await tokenBalance(token('USDT').address, ACCOUNT_1)).toBe(before - 5_000_000n)
})

test("a rejection at the approval and at the swap goes back to the form with 'Transaction error'", async ({
  page,
}) => {
  await openSwap(page)
  await pick(page, 'source', 'Portico Token')
  await pick(page, 'to', 'Portico USD')
  await amount(page, 'PTK', '3')
  await review(page)
  await devWallet(page).setMode('reject')
  await modal(page).getByRole('button', { name: 'Approve PTK' }).click()
  await expect(page.getByText('Transaction error', { exact: true })).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Swap')
  // The toast closes after 3 s; the swap's own must be a new one.
  await expect(page.getByText('Transaction error', { exact: true })).toBeHidden()

  await pick(page, 'source', 'Ether')
  await review(page)
  await modal(page).getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(page.getByText('Transaction error', { exact: true })).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Swap')
})

test("more than the balance: 'Insufficient balance'", async ({ page }) => {
  await openSwap(page)
  await pick(page, 'to', 'Portico USD')
  await amount(page, 'ETH', '100000000')
  await expect(modal(page).getByRole('button', { name: 'Insufficient balance' })).toBeDisabled()
})

test('a pool that moved between preview and send: reverted, explained, quoted again', async ({ page }) => {
  await openSwap(page)
  await pick(page, 'to', 'Portico USD')
  await amount(page, 'ETH', '0.2')
  await review(page)
  const pool = testSwapPool('v2:WETH/PUSD')
  const moved = await movePoolPrice(rpcUrl(31337), { pool, sell: 'WETH' })
  try {
    await modal(page).getByRole('button', { name: 'Swap', exact: true }).click()
    await expect(modal(page).getByRole('alert').filter({ hasText: 'slippage tolerance' })).toBeVisible({
      timeout: 30_000,
    })
    await expect(modal(page)).toHaveAccessibleName('Swap')
    await expect(modal(page).getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 20_000 })
    await screenshot(page, 'swap-price-moved')
  } finally {
    // Sells the PUSD back, so the pool is again near 3000 PUSD/ETH for the screenshots and the
    // other specs (a snapshot revert would also undo the other worker's transactions on this chain).
    await movePoolPrice(rpcUrl(31337), { pool, sell: 'PUSD', amount: moved.amountOut })
  }
})

test('the swap views at 360 px in both themes', async ({ page }) => {
  const phone = screens[1]
  const shot = (view: string) => screenshotEverywhere(page, view, { screens: [phone] })
  await page.setViewportSize({ width: phone.width, height: phone.height })
  await openSwap(page, '/')
  await pick(page, 'to', 'Portico USD')
  await expect(modal(page).getByRole('button', { name: 'Review swap' })).toBeEnabled({ timeout: 20_000 })
  await shot('swap')
  await modal(page)
    .getByRole('button', { name: /Portico USD|PUSD, change token/ })
    .click()
  await shot('swap-select-token')
  await modal(page)
    .getByRole('button', { name: /^Portico USD/ })
    .click()
  await review(page)
  await shot('swap-preview')
})

test('features.swaps off hides Swap', async ({ page }) => {
  await connectAccount(page, 1, '/?swaps=0')
  const actions = modal(page).getByRole('navigation', { name: 'Wallet actions' })
  await expect(actions.getByRole('button', { name: 'Send' })).toBeVisible()
  await expect(actions.getByRole('button', { name: 'Swap' })).toHaveCount(0)
})
