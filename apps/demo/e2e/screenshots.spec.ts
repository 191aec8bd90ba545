import { expect, test } from '@playwright/test'
import { connectButton, devWallet, modal } from './fixtures'
import { screenshot } from './screenshot'

// Every view in both themes, on desktop and on a 360 px phone, for a person to look at.
for (const theme of ['dark', 'light'] as const) {
  for (const size of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'mobile', width: 360, height: 740 },
  ]) {
    test(`views in the ${theme} theme on ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height })
      const shot = (view: string) => screenshot(page, `${view}-${theme}-${size.name}`)
      await page.goto(`/?theme=${theme}&wallets=2`)
      await connectButton(page).click()
      await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
      await expect(modal(page).getByRole('button', { name: /Second Dev Wallet/ })).toBeVisible()
      await shot('connect')
      await modal(page)
        .getByRole('button', { name: /All wallets/i })
        .click()
      await expect(modal(page)).toHaveAccessibleName('All wallets')
      await expect(modal(page).getByRole('searchbox')).toBeVisible()
      await shot('all-wallets')
      await modal(page).getByRole('button', { name: 'Back' }).click()
      await devWallet(page).setMode('hang')
      await modal(page)
        .getByRole('button', { name: /Portico Dev Wallet/ })
        .click()
      await shot('connecting')
      await modal(page).getByRole('button', { name: 'Back' }).click()
      await devWallet(page).setMode('reject')
      await modal(page)
        .getByRole('button', { name: /Portico Dev Wallet/ })
        .click()
      await expect(modal(page)).toContainText('Connection declined')
      await shot('connecting-declined')
      await devWallet(page).setMode('approve')
      await modal(page).getByRole('button', { name: 'Try again' }).click()
      await expect(modal(page)).toHaveAccessibleName('Account')
      await expect(modal(page)).toContainText('ETH')
      await shot('account')
      await modal(page)
        .getByRole('button', { name: /Change network/ })
        .click()
      await shot('networks')
      await page.keyboard.press('Escape')
      await devWallet(page).setChain(1)
      await expect(modal(page)).toHaveAccessibleName('Switch network')
      await expect(modal(page).getByRole('button', { name: /Anvil Two/ })).toBeVisible()
      await shot('unsupported-chain')
      await page.keyboard.press('Escape')
      await shot('page-connected')
    })
  }
}

test('German: the modal speaks the locale the site chose', async ({ page }) => {
  await page.goto('/?locale=de&wallets=2')
  await page.getByRole('button', { name: 'Wallet verbinden' }).click()
  await expect(modal(page).getByRole('button', { name: /Portico Dev Wallet/ })).toBeVisible()
  await expect(modal(page)).not.toContainText('Connect a wallet')
  await screenshot(page, 'connect-de')
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toContainText('ETH')
  await screenshot(page, 'account-de')
})

test('headless example: connect, switch network and disconnect with core alone', async ({ page }) => {
  await page.goto('/headless.html')
  await page.getByRole('button', { name: 'Connect Portico Dev Wallet' }).click()
  await expect(page.getByRole('status')).toContainText(
    'Connected 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 on Anvil',
  )
  await expect(page.getByRole('status')).toContainText('10,000.00 ETH')
  await page.getByLabel('Network').selectOption('eip155:31338')
  await expect(page.getByRole('status')).toContainText('on Anvil Two')
  await screenshot(page, 'headless')
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('status')).toHaveText('Disconnected')
})
