import { expect, test } from '@playwright/test'
import { e2eChains, rpcUrl } from './chains'
import { screenshot } from './screenshot'

test('the demo loads without errors and the page reaches both local chains', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))

  await page.goto('/')
  await expect(page).toHaveTitle('Portico demo')
  await expect(page.getByRole('heading', { name: 'Portico demo' })).toBeVisible()
  // A secure context: the embedded wallet and request ids need crypto.randomUUID and crypto.subtle.
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true)

  for (const { chainId } of e2eChains) {
    const answered = await page.evaluate(async (url) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      return Number((await response.json()).result)
    }, rpcUrl(chainId))
    expect(answered).toBe(chainId)
  }

  await screenshot(page, 'smoke-home')
  expect(errors).toEqual([])
})
