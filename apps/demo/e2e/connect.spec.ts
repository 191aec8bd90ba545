import { expect, test } from '@playwright/test'
import {
  ACCOUNT_0,
  ACCOUNT_4,
  clickClose,
  connectButton,
  connectWith,
  DEV_WALLET,
  devWallet,
  ether,
  modal,
  openAccountAfterConnecting,
  rpc,
  SECOND_WALLET,
} from './fixtures'
import { screenshot } from './screenshot'

test('connect: the wallet list, approve, then Account with the address and the balance read from the chain', async ({
  page,
}) => {
  await rpc(31337, 'anvil_setBalance', [ACCOUNT_4, ether(1234n, 5n)])
  await page.goto('/')
  await devWallet(page).setAccount(4)
  await connectButton(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  const wallet = modal(page).getByRole('button', { name: /Portico Dev Wallet/ })
  await expect(wallet).toContainText('Installed')
  await screenshot(page, 'connect-view')
  await wallet.click()
  await openAccountAfterConnecting(page)
  await expect(modal(page)).toContainText('0x15d3…6A65')
  await expect(modal(page)).toContainText('1,234.50 ETH')
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_4)
  await expect(page.getByTestId('demo-balance')).toHaveText('1234.5 ETH')
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31337')
  await screenshot(page, 'account-view')
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  // The button shows the shortened address and the balance.
  await expect(page.getByRole('button', { name: /Account 0x15d3…6A65, balance 1,234.50 ETH/ })).toBeVisible()
  await screenshot(page, 'connect-button-connected')
})

test('the wallet rejects, then a retry succeeds', async ({ page }) => {
  await page.goto('/')
  await devWallet(page).setMode('reject')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toContainText('Connection declined')
  await screenshot(page, 'connecting-declined')
  await devWallet(page).setMode('approve')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
})

test('a wallet error is shown with a retry', async ({ page }) => {
  await page.goto('/')
  await devWallet(page).setMode('fail')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toContainText('Connection failed')
  await expect(modal(page).getByRole('button', { name: 'Try again' })).toBeVisible()
})

test('a wallet that never answers: the modal can still be closed, and a later try connects', async ({
  page,
}) => {
  await page.goto('/')
  await devWallet(page).setMode('hang')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toContainText('Continue in Portico Dev Wallet')
  await screenshot(page, 'connecting-waiting')
  await clickClose(page)
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeVisible()
  await devWallet(page).setMode('approve')
  await connectWith(page)
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
})

test('going back while the wallet is asked abandons the attempt', async ({ page }) => {
  await page.goto('/')
  await devWallet(page).setMode('hang')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
})

// One connection, then each way it can end or change; every step starts from the state the one
// before left, as a visitor's does.
test('reconnects after a reload without asking the wallet again; disconnect holds after a reload too', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await page.keyboard.press('Escape')
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await expect(page.getByRole('button', { name: /Account 0xf39F…2266/ })).toBeVisible()
  const prompts = await page.evaluate(
    (rdns) =>
      (
        window as unknown as {
          __porticoDevWallets: Record<string, { getRequests(): { method: string }[] }>
        }
      ).__porticoDevWallets[rdns]!.getRequests().filter((request) => request.method === 'eth_requestAccounts')
        .length,
    DEV_WALLET,
  )
  expect(prompts).toBe(0)

  await page.getByRole('button', { name: /Account 0xf39F…2266/ }).click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeVisible()
  await page.reload()
  await expect(connectButton(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible()
})

test('the wallet changing account by itself updates the page; disconnecting from its side resets it', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await devWallet(page).setAccount(1)
  await expect(page.getByTestId('demo-address')).toHaveText('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await page.keyboard.press('Escape')
  await devWallet(page).disconnect()
  await expect(connectButton(page)).toBeVisible()
})

test('two wallets announced at once are both listed, in the configured order', async ({ page }) => {
  await page.goto('/?wallets=2')
  await connectButton(page).click()
  const rows = modal(page)
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: /Dev Wallet/ })
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Portico Dev Wallet')
  await expect(rows.nth(1)).toContainText('Second Dev Wallet')
  await screenshot(page, 'connect-two-wallets')

  await page.goto(`/?wallets=2&featured=${SECOND_WALLET}`)
  await connectButton(page).click()
  await expect(rows.nth(0)).toContainText('Second Dev Wallet')
  await rows.nth(0).click()
  // Connected: the modal closes by itself.
  await expect(modal(page)).toBeHidden()
  // The wallet used last is listed first, as recent.
  await page.goto('/?wallets=2')
  await page.getByRole('button', { name: /Account 0xf39F…2266/ }).click()
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await connectButton(page).click()
  await expect(rows.nth(0)).toContainText('Second Dev Wallet')
  await expect(rows.nth(0)).toContainText('Recent')
})

test('AllWallets search filters, and says when nothing matches', async ({ page }) => {
  await page.goto('/?wallets=2')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /All wallets/i })
    .click()
  await expect(modal(page)).toHaveAccessibleName('All wallets')
  const search = modal(page).getByRole('searchbox')
  await search.fill('second')
  await expect(modal(page).getByRole('list', { name: 'Wallets' }).getByRole('button')).toHaveCount(1)
  await expect(modal(page).getByRole('list', { name: 'Wallets' })).toContainText('Second Dev Wallet')
  await screenshot(page, 'all-wallets-search')
  await search.fill('no such wallet')
  await expect(modal(page)).toContainText('No wallet found')
})
