import { expect, type Page, test } from '@playwright/test'
import { connectButton, modal } from './fixtures'
import { screenshot, screenshotEverywhere } from './screenshot'

async function openConnect(page: Page, query: string) {
  await page.goto(`/?${query}`)
  await connectButton(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
}

test('a visitor with no wallet: Connect offers Get a wallet and the e-mail field; store links open in a new tab', async ({
  page,
}) => {
  // No wallet injected, no mobile wallets: the browser of someone who has never had a wallet.
  await openConnect(page, 'wallets=0&wc=0')
  await expect(modal(page)).toContainText('No wallet found in this browser')
  await expect(modal(page).getByRole('textbox', { name: 'E-mail address' })).toBeVisible()
  await screenshotEverywhere(page, 'connect-no-wallet')
  await modal(page).getByRole('button', { name: 'Get a wallet' }).click()
  await expect(modal(page)).toHaveAccessibleName('Get a wallet')
  await expect(modal(page).getByRole('heading', { name: 'What is a wallet?' })).toBeVisible()
  await screenshotEverywhere(page, 'get-wallet')
  const chrome = modal(page).getByRole('link', { name: 'Get MetaMask for Chrome' })
  await expect(chrome).toHaveAttribute(
    'href',
    'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
  )
  await expect(chrome).toHaveAttribute('target', '_blank')
  await expect(chrome).toHaveAttribute('rel', /noopener/)
  await expect(modal(page).getByRole('link', { name: 'Get MetaMask for iPhone' })).toBeVisible()
  // Back leads to Connect.
  await modal(page).getByRole('button', { name: 'Back' }).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
})

test('the legal checkbox: nothing connects until it is ticked, its links open in a new tab', async ({
  page,
}) => {
  await openConnect(page, 'legal=1')
  const wallet = modal(page).getByRole('button', { name: /Portico Dev Wallet/ })
  const box = modal(page).getByRole('checkbox', {
    name: /I agree to the Terms of Service and the Privacy Policy/,
  })
  await expect(box).not.toBeChecked()
  await expect(wallet).toBeDisabled()
  await expect(modal(page).getByRole('textbox', { name: 'E-mail address' })).toBeDisabled()
  await expect(modal(page).getByRole('button', { name: /WalletConnect/ })).toBeDisabled()
  for (const [name, href] of [
    ['Terms of Service', 'https://portico.example/terms'],
    ['Privacy Policy', 'https://portico.example/privacy'],
  ] as const) {
    const link = modal(page).getByRole('link', { name })
    await expect(link).toHaveAttribute('href', href)
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', /noopener/)
  }
  await screenshot(page, 'connect-legal-dark-desktop')
  await box.check()
  await expect(wallet).toBeEnabled()
  await wallet.click()
  await expect(page.getByTestId('demo-address')).toHaveText('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
})

test("collapseWallets and a site's own wallet: one row opens the wallets, the custom wallet pairs by QR code", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await openConnect(page, 'collapse=1&customWallet=1&theme=light')
  const more = modal(page).getByRole('button', { name: 'Continue with a wallet' })
  await expect(modal(page).getByRole('button', { name: /Portico Dev Wallet/ })).toHaveCount(0)
  await screenshot(page, 'connect-collapsed-light-360')
  await more.click()
  await expect(modal(page).getByRole('button', { name: /Portico Dev Wallet/ })).toBeVisible()
  const custom = modal(page).getByRole('button', { name: 'Portico Custom Wallet' })
  await expect(custom).toBeVisible()
  await screenshot(page, 'connect-custom-wallet-light-360')
  await custom.click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
})
