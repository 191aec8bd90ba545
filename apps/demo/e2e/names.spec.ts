import { expect, type Page, test } from '@playwright/test'
import { serverUrl } from './chains'
import { confirmSend, connectAccount, ethBalance, modal, openSendView } from './fixtures'
import { screenshot } from './screenshot'

// The names scripts/names.mjs registers on chain 31337 (global setup): anvil accounts 2 and 3 have
// primary names and avatars (alice.eth: a data: image; bob.eth: ipfs:// through the demo's own
// gateway), 7 has carol.eth but no primary name, and account 1's reverse record claims alice.eth,
// which resolves to account 2. Only account 1 sends here: the other tests read only its tokens and
// NFTs, while accounts 2 and 3 have balances other files check.
const BOB = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const CAROL = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'

const accountButton = (page: Page) => page.getByRole('button', { name: /^Account / })
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
]

/** Screenshots at desktop size and at 360 px of what is on screen now. */
async function shots(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    await screenshot(page, `${name}-${size.name}`)
  }
}

test.describe('identity: ENS names and avatars', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`a primary name and its data: avatar in Account, the button and Send (${theme} theme)`, async ({
      page,
    }) => {
      await connectAccount(page, 2, `/?theme=${theme}`)
      await expect(modal(page).getByText('alice.eth', { exact: true })).toBeVisible()
      await expect(modal(page).getByText('0x3C44…93BC')).toBeVisible()
      await expect(modal(page).locator('img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,/)
      await shots(page, `names-account-${theme}`)
      // A name typed as the receiver shows its address and avatar.
      await openSendView(page)
      await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill('bob.eth')
      await expect(modal(page).getByText(BOB, { exact: true })).toBeVisible()
      await expect(modal(page).locator('img.receiver-avatar')).toHaveAttribute('src', /^data:image\/png/)
      await shots(page, `names-send-${theme}`)
      await page.keyboard.press('Escape')
      await expect(modal(page)).toBeHidden()
      await expect(accountButton(page)).toHaveAccessibleName(/^Account alice\.eth/)
      await expect(accountButton(page).locator('img')).toHaveAttribute('src', /^data:image\/png;base64,/)
      await shots(page, `names-button-${theme}`)
    })
  }

  test('an ipfs avatar through the site gateway, the name told by the Portico server', async ({ page }) => {
    const identity = page.waitForResponse((response) =>
      response.url().startsWith(`${serverUrl}/v1/identity/${BOB}?`),
    )
    await connectAccount(page, 3)
    // The server reads the chain (its cache, 5 min) and answers the avatar record; the page checks the image.
    expect(await (await identity).json()).toEqual({
      name: 'bob.eth',
      avatar: expect.stringMatching(/^ipfs:\/\//),
    })
    await expect(modal(page).getByText('bob.eth', { exact: true })).toBeVisible()
    // Fetched from the demo's /ipfs/, checked and shown as the image it is.
    await expect(modal(page).locator('img.avatar')).toHaveAttribute('src', /^data:image\/png;base64,iVBOR/)
  })
})

test('names in Send: a reverse record naming another account shows no name; a name that does not resolve is refused; a name that does receives the amount', async ({
  page,
}) => {
  const before = await ethBalance(CAROL)
  await connectAccount(page, 1)
  await expect(modal(page).getByText('0x7099…79C8')).toBeVisible()
  await expect(accountButton(page)).toHaveAccessibleName(/^Account 0x7099…79C8/)

  await openSendView(page)
  await modal(page).getByRole('textbox', { name: 'Amount' }).fill('0.5')
  const to = modal(page).getByRole('textbox', { name: 'To', exact: true })
  await to.fill('nobody-here.eth')
  await expect(modal(page).getByRole('alert').filter({ hasText: 'Error resolving name' })).toBeVisible()
  await expect(modal(page).getByRole('button', { name: 'Error resolving name' })).toBeDisabled()
  await screenshot(page, 'names-send-unresolved')

  await to.fill('carol.eth')
  await expect(modal(page).getByText(CAROL, { exact: true })).toBeVisible()
  const review = modal(page).getByRole('button', { name: 'Review' })
  await expect(review).toBeEnabled()
  await review.click()
  await expect(modal(page)).toHaveAccessibleName('Review send')
  await confirmSend(page)
  expect(await ethBalance(CAROL)).toBe(before + 500_000_000_000_000_000n)
  // Account 1's own name was never shown: its reverse record names alice.eth, which is account 2's.
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(modal(page).getByText('alice.eth')).toHaveCount(0)
  await expect(modal(page).locator('img.avatar')).toHaveCount(0)
})

// Account names the demo project registers under shop.eth on its own server (scripts/accountNames.mjs
// registers alice.shop.eth at start). Accounts 2 and 3 register a fresh name each run: one per
// address, so the label carries the run's time. Their primary ENS names stay what identity shows
// (an account name is shown only without one), so the files that read other accounts' short
// addresses, or these accounts' names, see no change.
test.describe('account names under the site suffix', () => {
  for (const theme of ['dark', 'light'] as const) {
    test(`a taken name shows suggestions, a free one registers and RegisterAccountNameSuccess shows it (${theme} theme)`, async ({
      page,
    }) => {
      await connectAccount(page, theme === 'dark' ? 2 : 3, `/?theme=${theme}`)
      await modal(page).getByRole('button', { name: 'Choose a name' }).click()
      await expect(modal(page)).toHaveAccessibleName('Choose your name')
      const input = modal(page).getByRole('textbox', { name: 'Name' })
      await input.fill('alice')
      await expect(modal(page).getByText('alice.shop.eth is taken')).toBeVisible()
      await expect(modal(page).getByRole('button', { name: 'alice1.shop.eth' })).toBeVisible()
      await expect(modal(page).getByRole('button', { name: 'Register' })).toBeDisabled()
      await shots(page, `names-register-taken-${theme}`)
      const label = `visitor${Date.now().toString(36)}`
      await input.fill(label)
      await expect(modal(page).getByText(`${label}.shop.eth is available`)).toBeVisible()
      await modal(page).getByRole('button', { name: 'Register' }).click()
      await expect(modal(page)).toHaveAccessibleName('Name registered')
      await expect(modal(page).getByText(`${label}.shop.eth`, { exact: true })).toBeVisible()
      await shots(page, `names-register-success-${theme}`)
      // The server resolves it, as any page of the site can ask.
      const lookup = await page.request.get(
        `${serverUrl}/v1/names/lookup/${label}.shop.eth?projectId=portico-demo`,
      )
      expect((await lookup.json()).name).toBe(`${label}.shop.eth`)
    })
  }
})
