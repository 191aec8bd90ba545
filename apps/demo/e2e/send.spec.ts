import { expect, type Page, test } from '@playwright/test'
import { formatDisplayAmount, formatUnits } from '@portico/core'
import { TEST_TOKENS } from '@portico/test/tokens'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  chooseSendToken,
  confirmSend,
  connectAccount,
  devWallet,
  ethBalance,
  fillAndReviewSend,
  modal,
  openSendView,
  tokenBalance,
} from './fixtures'
import { screenshot } from './screenshot'

// Account 2 sends in this file, one test after another, each to a new address: no other test
// touches these balances.
const ACCOUNT_2 = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const token = (symbol: string) => TEST_TOKENS.find((entry) => entry.symbol === symbol)!
const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address

test.describe.configure({ mode: 'serial' })

async function openSend(page: Page) {
  await connectAccount(page, 2)
  await openSendView(page)
}

const chooseToken = (page: Page, symbol: string) => chooseSendToken(page, token(symbol).name)

/** Fills the form, reviews, sends, and waits until the chain confirmed it. */
async function send(page: Page, amount: string, to: string, shot?: string) {
  await fillAndReviewSend(page, amount, to, shot)
  await confirmSend(page, shot)
}

test('send ETH: the receiver gets exactly the amount, and the balances and activity update', async ({
  page,
}) => {
  const to = freshAddress()
  await openSend(page)
  await send(page, '1.25', to, 'send-eth')
  expect(await ethBalance(to)).toBe(1_250_000_000_000_000_000n)

  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  // The balance shown is the chain's, after the fee too.
  const left = await ethBalance(ACCOUNT_2)
  await expect(
    modal(page)
      .getByRole('tabpanel')
      .getByRole('listitem')
      .filter({ has: page.getByText('Ether', { exact: true }) }),
  ).toContainText(`${formatDisplayAmount(formatUnits(left, 18))} ETH`)
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const sent = modal(page).getByRole('tabpanel').getByRole('listitem').first()
  await expect(sent).toContainText('Sent')
  await expect(sent).toContainText('−1.25 ETH')
  await expect(sent).toContainText(`To ${to.slice(0, 6)}…${to.slice(-4)}`)
  await screenshot(page, 'account-activity-after-send')
})

test('send a token: 12.345678 PUSD arrive to the unit', async ({ page }) => {
  const to = freshAddress()
  const before = await tokenBalance(token('PUSD').address, ACCOUNT_2)
  await openSend(page)
  await chooseToken(page, 'PUSD')
  await send(page, '12.345678', to, 'send-token')
  expect(await tokenBalance(token('PUSD').address, to)).toBe(12_345_678n)
  expect(await tokenBalance(token('PUSD').address, ACCOUNT_2)).toBe(before - 12_345_678n)
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(
    modal(page).getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Portico USD' }),
  ).toContainText(`${formatDisplayAmount(formatUnits(before - 12_345_678n, 6))} PUSD`)
})

test('send a Tether-style token, whose transfer returns nothing', async ({ page }) => {
  const to = freshAddress()
  await openSend(page)
  await chooseToken(page, 'USDT')
  await send(page, '7', to)
  expect(await tokenBalance(token('USDT').address, to)).toBe(7_000_000n)
})

test('bad input: each problem is named on the button, and nothing can be sent', async ({ page }) => {
  await openSend(page)
  const amount = modal(page).getByRole('textbox', { name: 'Amount' })
  const receiver = modal(page).getByRole('textbox', { name: 'To', exact: true })
  const submit = modal(page).locator('button[type="submit"], button.primary').last()

  await expect(modal(page).getByRole('button', { name: 'Enter an amount' })).toBeDisabled()
  await amount.fill('1')
  await expect(modal(page).getByRole('button', { name: 'Enter an address' })).toBeDisabled()
  // A checksummed address with one letter's case changed.
  await receiver.fill('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293Bc')
  await expect(modal(page).getByRole('button', { name: 'Invalid address' })).toBeDisabled()
  await receiver.fill('not an address')
  await expect(modal(page).getByRole('button', { name: 'Invalid address' })).toBeDisabled()
  await receiver.fill(freshAddress())
  await amount.fill('1000000')
  await expect(modal(page).getByRole('button', { name: 'Insufficient funds' })).toBeDisabled()
  await amount.fill('1e5')
  await expect(modal(page)).toContainText('Write the amount out in digits, without “e”.')
  await chooseToken(page, 'PUSD')
  await amount.fill('1.1234567')
  await expect(modal(page)).toContainText('PUSD has at most 6 decimals.')
  await expect(modal(page).getByRole('button', { name: 'Review' })).toHaveCount(0)
  await screenshot(page, 'send-bad-input')
  await amount.fill('0')
  await expect(submit).toBeDisabled()
})

test('the wallet declines: nothing is sent and the form is kept', async ({ page }) => {
  const to = freshAddress()
  await openSend(page)
  await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.5')
  await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill(to)
  await modal(page).getByRole('button', { name: 'Review' }).click()
  await devWallet(page).setMode('reject')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toContainText('You declined the request in your wallet. Nothing was sent.')
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  expect(await ethBalance(to)).toBe(0n)
  await devWallet(page).setMode('approve')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await ethBalance(to)).toBe(500_000_000_000_000_000n)
})

test('Receive: the address as a QR code and text, and the networks it works on', async ({ page }) => {
  await connectAccount(page, 2)
  await modal(page)
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Receive' })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Receive')
  await expect(modal(page).getByRole('img', { name: 'QR code of your address' })).toBeVisible()
  await expect(modal(page)).toContainText(ACCOUNT_2)
  await expect(modal(page)).toContainText('Anvil')
  await expect(modal(page)).toContainText('Anvil Two')
  await screenshot(page, 'receive')
})
