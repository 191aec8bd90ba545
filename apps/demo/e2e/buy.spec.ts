import { createHmac } from 'node:crypto'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { DEMO_ONRAMP, DEMO_PROJECT_ID } from '../scripts/stack.mjs'
import { serverUrl } from './chains'
import { connectAccount, modal } from './fixtures'
import { screenshotEverywhere } from './screenshot'

// Account 4 buys in this file: its Activity shows the purchase (the other files that use it check
// its balance and network, not its Activity).
const ACCOUNT_4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const MOONPAY_HOST = 'https://buy-sandbox.moonpay.com'

/** The provider's widget is never reached: its host answers from here, so nothing leaves the machine. */
async function interceptProviders(context: BrowserContext) {
  await context.route(`${MOONPAY_HOST}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>MoonPay (intercepted)</title>' }),
  )
  await context.route('https://sandbox-exchange.mrcr.io/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Mercuryo (intercepted)</title>' }),
  )
}

/** Shows Account: connects account 4, or (already connected) opens the modal from the account button. */
async function openAccount(page: Page, path = '/') {
  await page.goto(path)
  const account = page.getByRole('button', { name: /^Account 0x15d3/ })
  const connect = page.getByRole('button', { name: 'Connect Wallet' })
  await expect(account.or(connect)).toBeVisible()
  if (await connect.isVisible()) await connectAccount(page, 4, path)
  // The modal may close once a wallet connects: Account is then one click on the account button away.
  if (!(await modal(page).isVisible())) await account.click()
  await expect(modal(page)).toHaveAccessibleName('Account')
}

async function openBuy(page: Page, path = '/') {
  await openAccount(page, path)
  await modal(page)
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Buy' })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Buy crypto')
}

test('Buy: MoonPay opens in a new window at a URL signed with the project secret; its webhook shows the purchase in Activity', async ({
  page,
  context,
}) => {
  await interceptProviders(context)
  await openBuy(page)
  await expect(modal(page).getByText('Fee 1–2%')).toHaveCount(2)
  await modal(page).getByRole('textbox', { name: 'Amount to spend' }).fill('50')
  await modal(page).getByRole('combobox', { name: 'Currency' }).selectOption('EUR')

  const opened = context.waitForEvent('page')
  await modal(page)
    .getByRole('button', { name: /^Buy with MoonPay/ })
    .click()
  const popup = await opened
  await popup.waitForURL(`${MOONPAY_HOST}/**`)
  const url = new URL(popup.url())
  // What MoonPay's URL-signing guide asks for: the query from '?', HMAC-SHA256 with the secret key,
  // base64, appended last.
  const signed = url.search.slice(0, url.search.lastIndexOf('&signature='))
  expect(url.searchParams.get('signature')).toBe(
    createHmac('sha256', DEMO_ONRAMP.moonpay.secretKey).update(signed).digest('base64'),
  )
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    apiKey: DEMO_ONRAMP.moonpay.publishableKey,
    currencyCode: 'eth',
    walletAddress: ACCOUNT_4,
    baseCurrencyAmount: '50',
    baseCurrencyCode: 'eur',
  })
  expect(popup.url()).not.toContain(DEMO_ONRAMP.moonpay.secretKey)
  await expect(modal(page).getByText(/Continue in the MoonPay window/)).toBeVisible()
  await popup.close()

  // MoonPay reports the purchase complete, signed with the webhook key as its guide describes.
  const body = JSON.stringify({
    type: 'transaction_updated',
    data: {
      id: 'e2e-moonpay-1',
      status: 'completed',
      externalTransactionId: url.searchParams.get('externalTransactionId'),
      baseCurrencyAmount: 50,
      baseCurrency: { code: 'eur' },
      quoteCurrencyAmount: 0.0155,
      currency: { code: 'eth' },
      updatedAt: new Date().toISOString(),
    },
  })
  const t = Math.floor(Date.now() / 1000)
  const webhook = await fetch(`${serverUrl}/v1/onramp/webhooks/moonpay?projectId=${DEMO_PROJECT_ID}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'Moonpay-Signature-V2': `t=${t},s=${createHmac('sha256', DEMO_ONRAMP.moonpay.webhookKey).update(`${t}.${body}`).digest('hex')}`,
    },
    body,
  })
  expect(await webhook.json()).toEqual({ result: 'applied' })

  await modal(page).getByRole('button', { name: 'Back' }).click()
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const row = modal(page).getByRole('listitem').filter({ hasText: 'Bought with MoonPay' })
  await expect(row).toContainText('+0.01 ETH')
  await expect(row).toContainText('Complete')
})

test('Buy: a refusal closes the window and says why', async ({ page, context }) => {
  await interceptProviders(context)
  // The server refusing, as one whose project has no Mercuryo keys does (the preflight let through).
  await context.route(`${serverUrl}/v1/onramp/url**`, (route) =>
    route.request().method() === 'OPTIONS'
      ? route.fulfill({
          status: 204,
          headers: {
            'access-control-allow-origin': '*',
            'access-control-allow-methods': 'POST',
            'access-control-allow-headers': 'content-type, accept',
          },
        })
      : route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            error: { code: 'ONRAMP_NOT_CONFIGURED', message: 'No Mercuryo keys here.' },
          }),
        }),
  )
  await openBuy(page)
  const opened = context.waitForEvent('page')
  await modal(page)
    .getByRole('button', { name: /^Buy with Mercuryo/ })
    .click()
  const popup = await opened
  await expect(modal(page).getByText('Mercuryo could not be opened: No Mercuryo keys here.')).toBeVisible()
  // Closed by then, possibly before a 'close' listener could have been attached.
  await expect.poll(() => popup.isClosed()).toBe(true)
})

test('Buy view screenshots in both themes, desktop and 360 px', async ({ page }) => {
  await openBuy(page)
  await screenshotEverywhere(page, 'Buy')
})

test.describe('in a restricted time zone', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('Hong Kong, Macau and mainland China zones hide Buy (SPEC §9)', async ({ page }) => {
    await openAccount(page)
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai')
    const actions = modal(page).getByRole('navigation', { name: 'Wallet actions' })
    await expect(actions.getByRole('button', { name: 'Receive' })).toBeVisible()
    await expect(actions.getByRole('button', { name: 'Buy' })).toHaveCount(0)
  })
})
