import { expect, test } from '@playwright/test'
import { connectButton, modal, openAccountAfterConnecting } from './fixtures'
import { screenshot } from './screenshot'

test('the modal is a labelled dialog in a shadow root; Esc closes it and focus returns to the button', async ({
  page,
}) => {
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page)).toBeVisible()
  await expect(modal(page)).toHaveAttribute('aria-modal', 'true')
  const inShadow = await page.evaluate(() =>
    [...document.querySelectorAll('*')].some((element) =>
      element.shadowRoot?.querySelector('[role="dialog"]'),
    ),
  )
  expect(inShadow).toBe(true)
  // Host-page CSS does not reach into the modal.
  expect(await page.evaluate(() => document.querySelector('[role="dialog"]'))).toBeNull()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeFocused()
})

test('Tab and Shift+Tab stay inside the modal', async ({ page }) => {
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page)).toBeVisible()
  const focusInsideDialog = () =>
    page.evaluate(() => {
      let element: Element | null = document.activeElement
      while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement
      return Boolean(element?.closest('[role="dialog"]'))
    })
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await focusInsideDialog()).toBe(true)
  }
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await focusInsideDialog()).toBe(true)
  }
})

test('arrow keys move between wallets and Enter picks one', async ({ page }) => {
  await page.goto('/?wallets=2')
  await connectButton(page).click()
  const rows = modal(page)
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: /Dev Wallet/ })
  await rows.nth(0).focus()
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(1)).toBeFocused()
  await page.keyboard.press('Enter')
  await openAccountAfterConnecting(page)
})

test('a double-click on Connect Wallet leaves exactly one open modal', async ({ page }) => {
  await page.goto('/')
  // Once opened and closed, the dialog's code is in the page: the second click meets the real backdrop.
  await connectButton(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  const box = (await connectButton(page).boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
  await page.mouse.click(x, y)
  await page.waitForTimeout(30)
  // The second click lands on the backdrop, now over the button.
  await page.mouse.click(x, y)
  await expect(modal(page)).toHaveCount(1)
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await expect(page.locator('[data-portico-modal]')).toHaveCount(1)
  // Past the guard the same click on the backdrop closes it.
  await page.waitForTimeout(500)
  await page.mouse.click(x, y)
  await expect(modal(page)).toBeHidden()
})

test('keyboard only: focus returns to what opened the modal after Esc, the close button, the backdrop and connecting', async ({
  page,
}) => {
  await page.goto('/')
  /** Presses Tab until `target` has focus (at most 20 times). */
  const tabTo = async (target: ReturnType<typeof modal>) => {
    for (let i = 0; i < 20 && !(await target.evaluate((element) => element.matches(':focus'))); i++)
      await page.keyboard.press('Tab')
    await expect(target).toBeFocused()
  }
  await tabTo(connectButton(page))
  const open = async () => {
    await page.keyboard.press('Enter')
    await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  }

  await open()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeFocused()

  await open()
  await tabTo(modal(page).getByRole('button', { name: 'Close' }))
  await page.keyboard.press('Enter')
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeFocused()

  // The backdrop is a pointer's way out; focus comes back all the same.
  await open()
  await page.waitForTimeout(500)
  await page.mouse.click(2, 2)
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeFocused()

  await open()
  await tabTo(modal(page).getByRole('button', { name: /Portico Dev Wallet/ }))
  await page.keyboard.press('Enter')
  // Connected: the modal closes and focus is on the account button that replaced 'Connect Wallet'.
  await expect(modal(page)).toBeHidden()
  await expect(page.getByRole('button', { name: /^Network: / })).toBeFocused()
})

test('no request leaves the page at load when no server is configured', async ({ page }) => {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto('/?apiUrl=none')
  await expect(connectButton(page)).toBeVisible()
  await page.waitForTimeout(500)
  const foreign = requests.filter((url) => !url.startsWith('http://localhost:4173/'))
  expect(foreign).toEqual([])
})

test('the modal opens at once even when every network call hangs', async ({ page }) => {
  // The chains and the Portico server.
  await page.route(/127\.0\.0\.1:(1854[56]|18787)/, () => {
    // never answered
  })
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page)).toBeVisible({ timeout: 2000 })
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  // Connecting needs no RPC; the balance may stay loading, the modal still closes once connected.
  await expect(modal(page)).toBeHidden({ timeout: 5000 })
  await expect(page.getByRole('button', { name: /^Account / })).toBeVisible()
})

test('mobile: the modal is a bottom sheet on a 360 px wide screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  await connectButton(page).click()
  // A sheet along the bottom edge, once the opening animation has settled.
  await expect
    .poll(async () => {
      const box = await modal(page).boundingBox()
      return box && { width: Math.round(box.width), bottom: Math.round(box.y + box.height) }
    })
    .toEqual({ width: 360, bottom: 740 })
  await screenshot(page, 'mobile-connect-dark')
})

test('desktop: the modal is 360 px wide, at z-index 999', async ({ page }) => {
  await page.goto('/')
  await connectButton(page).click()
  // Measured once the opening animation has settled.
  await expect.poll(async () => Math.round((await modal(page).boundingBox())?.width ?? 0)).toBe(360)
  // SPEC §9: z-index 999 by default, over the page.
  const zIndex = await page
    .locator('[data-portico-modal] .backdrop')
    .evaluate((element) => getComputedStyle(element).zIndex)
  expect(zIndex).toBe('999')
})
