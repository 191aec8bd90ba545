import { expect, test } from '@playwright/test'
import { ACCOUNT_0, devWallet } from './fixtures'

// The headless example drives @portico/core without the modal: its actions reject with typed
// errors, and the page catches a refusal by the error's name.

test('headless: a refusal in the wallet is caught as UserRejectedRequestError and shown; a retry connects', async ({
  page,
}) => {
  await page.goto('/headless.html')
  await devWallet(page).setMode('reject')
  await page.getByRole('button', { name: 'Connect Portico Dev Wallet' }).click()
  await expect(page.getByRole('alert')).toHaveText('You declined the connection in Portico Dev Wallet.')
  await expect(page.getByRole('status')).toContainText('Not connected')
  await devWallet(page).setMode('approve')
  await page.getByRole('button', { name: 'Connect Portico Dev Wallet' }).click()
  await expect(page.getByRole('alert')).toHaveText(`Portico Dev Wallet connected ${ACCOUNT_0}.`)
  await expect(page.getByRole('status')).toContainText(`Connected ${ACCOUNT_0} on Anvil`)
})

test('headless: a declined network switch is caught and the network stays', async ({ page }) => {
  await page.goto('/headless.html')
  await page.getByRole('button', { name: 'Connect Portico Dev Wallet' }).click()
  await expect(page.getByRole('status')).toContainText(`Connected ${ACCOUNT_0} on Anvil`)
  await devWallet(page).setMode('reject')
  await page.getByLabel('Network').selectOption('eip155:31338')
  await expect(page.getByRole('alert')).toHaveText('You declined the network switch in your wallet.')
  await expect(page.getByRole('status')).toContainText('on Anvil ·')
  await expect(page.getByLabel('Network')).toHaveValue('eip155:31337')
})
