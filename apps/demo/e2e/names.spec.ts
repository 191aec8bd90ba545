import { expect, type Page, test } from '@playwright/test'
import { confirmSend, connectAccount, ethBalance, modal, openSendView } from './fixtures'
import { screenshot } from './screenshot'

// The names scripts/names.mjs registers on chain 31337 (global setup): anvil accounts 5 and 6 have
// primary names and avatars (alice.eth: a data: image; bob.eth: ipfs:// through the demo's own
// gateway), 7 has carol.eth but no primary name, and 8's reverse record claims alice.eth, which
// resolves to account 5. No other test uses these accounts.
const ALICE = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'
const CAROL = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

const accountButton = (page: Page) => page.getByRole('button', { name: /^Account / })

test.describe('identity: ENS names and avatars', () => {
  test('a primary name and its data: avatar on the button and in Account', async ({ page }) => {
    await connectAccount(page, 5)
    await expect(modal(page).getByText('alice.eth', { exact: true })).toBeVisible()
    await expect(modal(page).getByText('0x9965…A4dc')).toBeVisible()
    await expect(modal(page).locator('img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/)
    await expect(accountButton(page)).toHaveAccessibleName(/^Account alice\.eth/)
    await expect(accountButton(page).locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
  })

  test('an ipfs avatar through the site gateway', async ({ page }) => {
    await connectAccount(page, 6)
    await expect(modal(page).getByText('bob.eth', { exact: true })).toBeVisible()
    // Fetched from the demo's /ipfs/, checked and shown as the image it is.
    await expect(modal(page).locator('img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,iVBOR/)
  })

  test("a reverse record naming someone else's name shows no name", async ({ page }) => {
    await connectAccount(page, 8)
    await expect(modal(page).getByText('0x2361…1E8f')).toBeVisible()
    await expect(accountButton(page)).toHaveAccessibleName(/^Account 0x2361…1E8f/)
    // Past the time the named accounts above take to show theirs.
    await page.waitForTimeout(1_000)
    await expect(modal(page).getByText('alice.eth')).toHaveCount(0)
    await expect(modal(page).locator('img.avatar')).toHaveCount(0)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`screenshots of the named account, Send and the button in the ${theme} theme, desktop and 360 px`, async ({
      page,
    }) => {
      await connectAccount(page, 5, `/?theme=${theme}`)
      await openSendView(page)
      await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill('bob.eth')
      await expect(modal(page).locator('img.receiver-avatar')).toHaveAttribute('src', /^data:image\/png/)
      for (const size of [
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'mobile', width: 360, height: 740 },
      ]) {
        await page.setViewportSize({ width: size.width, height: size.height })
        await screenshot(page, `names-send-${theme}-${size.name}`)
      }
      await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
      await expect(modal(page)).toHaveAccessibleName('Account')
      await expect(modal(page).locator('img.avatar')).toBeVisible()
      for (const size of [
        { name: 'mobile', width: 360, height: 740 },
        { name: 'desktop', width: 1280, height: 800 },
      ]) {
        await page.setViewportSize({ width: size.width, height: size.height })
        await screenshot(page, `names-account-${theme}-${size.name}`)
      }
      await page.keyboard.press('Escape')
      await expect(modal(page)).toBeHidden()
      await expect(accountButton(page).locator('img')).toBeVisible()
      for (const size of [
        { name: 'desktop', width: 1280, height: 800 },
        { name: 'mobile', width: 360, height: 740 },
      ]) {
        await page.setViewportSize({ width: size.width, height: size.height })
        await screenshot(page, `names-button-${theme}-${size.name}`)
      }
    })
  }
})

test.describe('names in Send', () => {
  test('sends to a name: the amount arrives at the address it resolves to', async ({ page }) => {
    const before = await ethBalance(CAROL)
    await connectAccount(page, 5)
    await openSendView(page)
    await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill('carol.eth')
    await expect(modal(page).getByText(CAROL)).toBeVisible()
    const review = modal(page).getByRole('button', { name: 'Review' })
    await expect(review).toBeEnabled()
    await screenshot(page, 'names-send-resolved')
    await review.click()
    await expect(modal(page)).toHaveAccessibleName('Review send')
    await confirmSend(page)
    expect(await ethBalance(CAROL)).toBe(before + 500_000_000_000_000_000n)
  })

  test('refuses a name that does not resolve', async ({ page }) => {
    await connectAccount(page, 5)
    await openSendView(page)
    await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.5')
    await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill('nobody-here.eth')
    await expect(modal(page).getByRole('alert').filter({ hasText: 'Error resolving name' })).toBeVisible()
    await expect(modal(page).getByRole('button', { name: 'Error resolving name' })).toBeDisabled()
    await screenshot(page, 'names-send-unresolved')
    // The alice.eth of the check above belongs to account 5 itself: resolved, flagged as its own.
    await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill('alice.eth')
    await expect(modal(page).getByText(ALICE)).toBeVisible()
  })
})
