import { expect, type Page, test } from '@playwright/test'
import { ACCOUNT_0 } from './fixtures'
import { screenshot } from './screenshot'

/** The inline panel of `?embedded=1` (Playwright's locators pierce its open shadow root). */
const panel = (page: Page) => page.locator('[data-portico-embed] section.dialog')

test('embedded: connect, switch network and disconnect inside the page, with no overlay', async ({
  page,
}) => {
  await page.goto('/?embedded=1')
  await expect(panel(page)).toHaveAccessibleName('Connect a wallet')
  await expect(page.getByRole('region', { name: 'Connect a wallet' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Choose a wallet' })).toHaveCount(0)
  await screenshot(page, 'embedded-connect-dark-desktop')

  await panel(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(panel(page)).toHaveAccessibleName('Account')
  await expect(panel(page)).toContainText('0xf39F…2266')
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await expect(panel(page)).toContainText('ETH')
  await screenshot(page, 'embedded-account-dark-desktop')
  // Esc is the page's: the panel stays.
  await page.keyboard.press('Escape')
  await expect(panel(page)).toHaveAccessibleName('Account')

  await panel(page)
    .getByRole('button', { name: /Network: Anvil\. Change network/ })
    .click()
  await expect(panel(page)).toHaveAccessibleName('Choose a network')
  await screenshot(page, 'embedded-networks-dark-desktop')
  await panel(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31338')

  // The header's account button takes the panel to Account rather than opening a dialog.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Account 0xf39F…2266/ })
    .click()
  await expect(panel(page)).toHaveAccessibleName('Account')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  await panel(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(panel(page)).toHaveAccessibleName('Connect a wallet')
  await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible()
  await expect(page.locator('[data-portico-modal]')).toHaveCount(0)
})

test('embedded on a 360 px phone in the light theme: the panel fits the column', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/?embedded=1&theme=light')
  await expect(panel(page)).toHaveAccessibleName('Connect a wallet')
  const box = await panel(page).boundingBox()
  expect(box?.width).toBeLessThanOrEqual(360 - 2 * 24)
  await panel(page).scrollIntoViewIfNeeded()
  await screenshot(page, 'embedded-connect-light-mobile')
  await panel(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(panel(page)).toHaveAccessibleName('Account')
  await expect(panel(page)).toContainText('ETH')
  await panel(page).scrollIntoViewIfNeeded()
  await screenshot(page, 'embedded-account-light-mobile')
})
