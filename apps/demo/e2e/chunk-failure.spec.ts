import { expect, test } from '@playwright/test'
import { connectWith, modal } from './fixtures'

test('a view whose code cannot be fetched shows a retry, and the rest of the modal still works', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await page.keyboard.press('Escape')
  // From the reload on, the Networks view's chunk cannot be fetched (offline, or replaced by a
  // deploy): refused before the page starts, so no prefetch can have it already.
  await page.route(/\/assets\/Networks-[^/]*\.js$/, (route) => route.abort('internetdisconnected'))
  await page.reload()
  await page.getByRole('button', { name: /Network: Anvil\. Change network/ }).click()
  await expect(modal(page).getByRole('alert')).toContainText('could not be loaded')
  await modal(page).getByRole('button', { name: 'Close' }).click()
  await expect(modal(page)).toBeHidden()

  await page.unroute(/\/assets\/Networks-[^/]*\.js$/)
  await page.getByRole('button', { name: /Network: Anvil\. Change network/ }).click()
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await expect(modal(page).getByRole('button', { name: /Anvil Two/ })).toBeVisible()
})
