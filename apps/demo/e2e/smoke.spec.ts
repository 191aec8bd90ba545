import { expect, test } from '@playwright/test'
import { screenshot } from './screenshot'

test('the demo loads and reaches both local chains', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle('Portico demo')
  await expect(page.getByRole('heading', { name: 'Portico demo' })).toBeVisible()
  await expect(page.getByTestId('chain-31337')).toHaveText('Chain 31337: online')
  await expect(page.getByTestId('chain-31338')).toHaveText('Chain 31338: online')
  await screenshot(page, 'smoke-home')
})
