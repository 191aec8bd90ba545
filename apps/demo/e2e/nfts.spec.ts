import { expect, type Page, test } from '@playwright/test'
import { connectButton, devWallet, modal } from './fixtures'
import { screens, screenshot, switchTheme, themes } from './screenshot'

// Account 1 holds the demo's NFTs (scripts/nfts.mjs): two pictured harbours, one without a
// picture, three badges (ERC-1155) and a spam airdrop, all with data: metadata read by the server.

/** Connects the dev wallet on account 1 and shows Account's NFTs tab, opening Account from the account button if connecting closed the modal. */
async function openNfts(page: Page, query = '') {
  await page.goto(`/${query}`)
  await devWallet(page).setAccount(1)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  const account = page.getByRole('button', { name: /Open account$/ })
  await expect(modal(page).or(account).first()).toBeVisible()
  if (!(await modal(page).isVisible())) await account.click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await modal(page).getByRole('tab', { name: 'NFTs' }).click()
}

const tile = (page: Page, name: string) => modal(page).getByRole('button', { name: `Details of ${name}` })

test('the NFTs tab shows the account’s NFTs with their pictures, without spam; a tile opens its detail', async ({
  page,
}) => {
  await openNfts(page)
  await expect(tile(page, 'Harbour at dawn')).toBeVisible()
  await expect(tile(page, 'Harbour at dusk')).toContainText('Portico Test Collectibles')
  await expect(tile(page, 'Portico Badge')).toContainText('×3')
  // The pictures are the metadata's raster data: URIs, shown through <img>; the sketch has none.
  await expect(tile(page, 'Harbour at dawn').locator('img')).toHaveAttribute(
    'src',
    /^data:image\/png;base64,/,
  )
  await expect(tile(page, 'Harbour sketch').locator('img')).toHaveCount(0)
  await expect(modal(page).getByRole('tabpanel')).not.toContainText('Claim your reward')

  await tile(page, 'Harbour at dawn').click()
  const detail = modal(page).getByRole('article', { name: 'Harbour at dawn' })
  await expect(detail).toContainText('Boats waiting for the tide.')
  await expect(detail).toContainText('Token ID1')
  await modal(page).getByRole('button', { name: 'Back to NFTs' }).click()
  await expect(tile(page, 'Harbour at dawn')).toBeFocused()

  // Activity shows the mints with their pictures.
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const mint = modal(page).getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Harbour at dusk' })
  await expect(mint.locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
})

test('NFTs tab screenshots in both themes, desktop and 360 px', async ({ page }) => {
  await openNfts(page, '')
  await expect(tile(page, 'Portico Badge')).toBeVisible()
  for (const theme of themes) {
    await switchTheme(page, theme)
    for (const screen of screens) {
      await page.setViewportSize({ width: screen.width, height: screen.height })
      // The grid, not the buttons above it, and no hover left on them by the clicks.
      await tile(page, 'Harbour sketch').scrollIntoViewIfNeeded()
      await page.mouse.move(0, 0)
      await screenshot(page, `nfts-${theme}-${screen.name}`)
      await tile(page, 'Harbour at dusk').click()
      await expect(modal(page).getByRole('article', { name: 'Harbour at dusk' })).toBeVisible()
      await screenshot(page, `nft-detail-${theme}-${screen.name}`)
      await modal(page).getByRole('button', { name: 'Back to NFTs' }).click()
    }
  }
})
