import { expect, test } from '@playwright/test'
import { clickClose, connectButton, connectWith, modal } from './fixtures'

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
  await clickClose(page)
  await expect(modal(page)).toBeHidden()

  await page.unroute(/\/assets\/Networks-[^/]*\.js$/)
  await page.getByRole('button', { name: /Network: Anvil\. Change network/ }).click()
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await expect(modal(page).getByRole('button', { name: /Anvil Two/ })).toBeVisible()
})

test('a modal frame whose code cannot be fetched says so, closes, and opens once it can be fetched', async ({
  page,
}) => {
  // Refused from the start, so the preload when the page is idle fails too.
  const dialogChunk = /\/assets\/ModalDialog-[^/]*\.js$/
  await page.route(dialogChunk, (route) => route.abort('internetdisconnected'))
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page).getByRole('alert')).toContainText('could not be loaded')
  await clickClose(page)
  await expect(modal(page)).toBeHidden()

  await connectButton(page).click()
  await expect(modal(page).getByRole('alert')).toContainText('could not be loaded')
  await page.unroute(dialogChunk)
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect a wallet' })).toBeVisible()
  await expect(modal(page).getByRole('button', { name: /Portico Dev Wallet/ })).toBeVisible()
})
