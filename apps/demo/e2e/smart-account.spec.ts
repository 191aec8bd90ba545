import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  ageStoredTimes,
  askForEmailCode,
  chooseSendToken,
  enterMailedCode,
  ethBalance,
  ether,
  fillAndReviewSend,
  modal,
  openAccountAfterConnecting,
  openSendView,
  rpc,
} from './fixtures'
import { screenshotEverywhere, type Theme } from './screenshot'

// SPEC §6/§8, issue 27: the e-mail wallet's smart account on chain 31337 (EIP-7702 delegation of
// the visitor's own key, alto behind the server's RPC proxy), its fees paid by the demo project's
// paymaster ('Portico demo' is the demo's metadata name).

const site = 'Portico demo'

const frame = (page: Page) => page.frameLocator('iframe[src*="/frame/"]')
const accountType = (page: Page) => modal(page).getByRole('group', { name: 'Account type' })
const warning = 'This application might not support Smart Accounts'

/** Both screens of the current view, in `theme` (the page's own, from its address). */
const shots = (page: Page, name: string, theme: Theme) =>
  screenshotEverywhere(page, name, { themes: [theme] })

/**
 * From Account: sends `amount` ETH to a new address from the smart account, showing the site as the
 * fee's payer in Send and in the frame's approval; returns the receiver.
 */
async function sponsoredSend(page: Page, amount: string, theme: Theme) {
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await openSendView(page)
  await chooseSendToken(page, 'Ether')
  await fillAndReviewSend(page, amount, receiver)
  const feeRow = modal(page).locator('.fee-row')
  await expect(feeRow).toContainText(`Network fee`)
  await expect(feeRow).toContainText(`paid by ${site}`)
  await shots(page, 'smart-account-send-review', theme)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  const approve = frame(page).getByRole('button', { name: 'Approve' })
  await expect(approve).toBeEnabled()
  await expect(frame(page).locator('body')).toContainText('Smart account (one operation)')
  await expect(frame(page).locator('body')).toContainText(`paid by ${site}`)
  // The whole request is in sight, the fee's payer and the buttons too, on a phone as well.
  for (const size of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size)
    await expect(frame(page).getByText(`paid by ${site}`)).toBeInViewport({ ratio: 1 })
    await expect(approve).toBeInViewport({ ratio: 1 })
  }
  await shots(page, 'smart-account-approve', theme)
  await approve.click()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible({ timeout: 20_000 })
  return receiver
}

test('smart account: switched to in Account, sends with the fee paid by the site, kept after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = `sam-${Date.now()}@example.com`
  await page.goto('/?theme=light')
  await askForEmailCode(page, email)
  await enterMailedCode(page, email)
  await openAccountAfterConnecting(page)
  const address = (await page.getByTestId('demo-address').textContent()) as string
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // Funded after the login made the address; the page reads the chain again on its next load.
  await rpc(31337, 'anvil_setBalance', [address, ether(2n)])
  // The balance caches live 30 s (SPEC §9): the next load reads the chain again.
  await ageStoredTimes(page, 30_000)
  await page.reload()
  await openAccountAfterConnecting(page)
  await expect(modal(page)).toContainText('2.00 ETH')

  // SPEC §9: the smart account is the default where it is offered; the visitor can leave it.
  const eoa = accountType(page).getByRole('button', { name: 'EOA' })
  const smart = accountType(page).getByRole('button', { name: 'Smart account' })
  await expect(smart).toBeVisible()
  if ((await smart.getAttribute('aria-pressed')) === 'true') {
    await eoa.click()
    await expect(eoa).toHaveAttribute('aria-pressed', 'true')
  }
  await expect(modal(page)).not.toContainText(warning)
  await smart.click()
  await expect(smart).toHaveAttribute('aria-pressed', 'true')
  // SPEC §8: said while the smart account is active.
  await expect(modal(page)).toContainText(warning)
  await shots(page, 'smart-account-switch', 'light')

  const before = await ethBalance(address)
  const receiver = await sponsoredSend(page, '0.25', 'light')
  expect(await ethBalance(receiver)).toBe(250_000_000_000_000_000n)
  // The site's paymaster paid the gas: the account lost the amount and not a wei more.
  expect(await ethBalance(address)).toBe(before - 250_000_000_000_000_000n)
  // The first operation delegated the visitor's own address (EIP-7702: 0xef0100 ‖ implementation).
  expect(await rpc(31337, 'eth_getCode', [address, 'latest'])).toMatch(/^0xef0100[0-9a-f]{40}$/)

  // A reload keeps the choice (stored per user on the server), in the other theme too.
  await page.goto('/?theme=dark')
  await openAccountAfterConnecting(page)
  await expect(accountType(page).getByRole('button', { name: 'Smart account' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(modal(page)).toContainText(warning)
  await shots(page, 'smart-account-switch', 'dark')
  const middle = await ethBalance(address)
  const second = await sponsoredSend(page, '0.1', 'dark')
  expect(await ethBalance(second)).toBe(100_000_000_000_000_000n)
  expect(await ethBalance(address)).toBe(middle - 100_000_000_000_000_000n)

  // Back to the EOA: the warning goes, and the choice holds after a reload too.
  await page.goto('/?theme=dark')
  await openAccountAfterConnecting(page)
  await accountType(page).getByRole('button', { name: 'EOA' }).click()
  await expect(accountType(page).getByRole('button', { name: 'EOA' })).toHaveAttribute('aria-pressed', 'true')
  await expect(modal(page)).not.toContainText(warning)
  await page.reload()
  await openAccountAfterConnecting(page)
  await expect(accountType(page).getByRole('button', { name: 'EOA' })).toHaveAttribute('aria-pressed', 'true')
})
