import { expect, test } from '@playwright/test'
import { ACCOUNT_4, clickClose, connectWith, devWallet, ether, modal, rpc } from './fixtures'
import { screenshot } from './screenshot'

test('switch network from the modal: the wallet switches and the balance is read on the new chain', async ({
  page,
}) => {
  await rpc(31338, 'anvil_setBalance', [ACCOUNT_4, ether(42n)])
  await page.goto('/')
  await devWallet(page).setAccount(4)
  await connectWith(page)
  await modal(page)
    .getByRole('button', { name: /Network: Anvil\. Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await screenshot(page, 'networks-view')
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31338')
  await expect(page.getByTestId('demo-balance')).toHaveText('42 ETH')
})

test('switch network from the wallet: the page follows', async ({ page }) => {
  await page.goto('/')
  await connectWith(page)
  await page.keyboard.press('Escape')
  await devWallet(page).setChain(31338)
  await expect(page.getByTestId('demo-network')).toContainText('Anvil Two (eip155:31338)')
  await devWallet(page).setChain(31337)
  await expect(page.getByTestId('demo-network')).toContainText('Anvil (eip155:31337)')
})

test('the wallet moving to an unsupported network opens UnsupportedChain; switching back from it works', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await devWallet(page).setChain(1)
  await expect(modal(page)).toHaveAccessibleName('Switch network')
  await expect(page.getByRole('button', { name: /Wrong network/i })).toBeVisible()
  await expect(page.getByTestId('demo-network')).toHaveText('Unsupported network (eip155:1)')
  await screenshot(page, 'unsupported-chain')
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31338')
})

test('connecting while the wallet is on an unsupported network shows UnsupportedChain', async ({ page }) => {
  await page.goto('/?walletChain=1')
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Switch network')
  // Back closes: UnsupportedChain is the first view.
  await clickClose(page)
  await expect(modal(page)).toBeHidden()
})

test('a declined switch says so and keeps the current network', async ({ page }) => {
  await page.goto('/')
  await connectWith(page)
  await devWallet(page).setMode('reject')
  await modal(page)
    .getByRole('button', { name: /Network: Anvil\. Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(modal(page)).toContainText('Switch declined in the wallet')
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31337')
})

test('a wallet error while switching shows an alert with its code and keeps the network', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await devWallet(page).setMode('fail')
  await modal(page)
    .getByRole('button', { name: /Network: Anvil\. Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  const alert = modal(page).getByRole('alert')
  // Said once, in the alert banner.
  await expect(alert).toHaveCount(1)
  await expect(alert).toContainText(/network/i)
  await screenshot(page, 'switch-failed-alert')
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31337')
})
